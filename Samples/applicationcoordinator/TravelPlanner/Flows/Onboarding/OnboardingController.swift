//
//  OnboardingController.swift
//  TravelPlanner
//

import UIKit

protocol OnboardingView: BaseView {
    var onFinish: (() -> Void)? { get set }
}

final class OnboardingController: UIViewController, OnboardingView, UIScrollViewDelegate {

    // MARK: - OnboardingView

    var onFinish: (() -> Void)?

    // MARK: - Outlets

    @IBOutlet private weak var scrollView: UIScrollView!
    @IBOutlet private weak var pageControl: UIPageControl!
    @IBOutlet private weak var continueButton: UIButton!

    private let pages: [(title: String, imageName: String)] = [
        ("Collect every trip in one place", "onboarding-trips"),
        ("Plan day by day, offline", "onboarding-itinerary"),
        ("Never forget your charger again", "onboarding-packing")
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.delegate = self
        pageControl.numberOfPages = pages.count
        updateButtonTitle()
    }

    // MARK: - Actions

    @IBAction private func continueTapped(_ sender: UIButton) {
        let next = pageControl.currentPage + 1
        guard next < pages.count else {
            onFinish?()
            return
        }
        let offset = CGPoint(x: scrollView.bounds.width * CGFloat(next), y: 0)
        scrollView.setContentOffset(offset, animated: true)
    }

    @IBAction private func skipTapped(_ sender: UIButton) {
        onFinish?()
    }

    // MARK: - UIScrollViewDelegate

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        pageControl.currentPage = Int(round(scrollView.contentOffset.x / max(scrollView.bounds.width, 1)))
        updateButtonTitle()
    }

    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
        scrollViewDidEndDecelerating(scrollView)
    }

    private func updateButtonTitle() {
        let isLast = pageControl.currentPage == pages.count - 1
        continueButton.setTitle(isLast ? "Get started" : "Next", for: .normal)
    }
}
