//
//  HomeViewController.swift
//  PetAdoption
//

import UIKit

protocol HomeViewControllerDelegate: AnyObject {
    func homeViewControllerDidTapBrowsePets(_ viewController: HomeViewController)
    func homeViewControllerDidTapTakeQuiz(_ viewController: HomeViewController)
}

final class HomeViewController: UIViewController, StoryboardInstantiable {

    weak var delegate: HomeViewControllerDelegate?

    @IBOutlet private weak var greetingLabel: UILabel!
    @IBOutlet private weak var featuredImageView: UIImageView!
    @IBOutlet private weak var browseButton: UIButton!
    @IBOutlet private weak var quizButton: UIButton!

    private let petService = PetService.shared

    override func viewDidLoad() {
        super.viewDidLoad()
        greetingLabel.text = "\(petService.pets.count) friends are waiting for a home"
        featuredImageView.layer.cornerRadius = 16
        featuredImageView.clipsToBounds = true
        [browseButton, quizButton].forEach { $0?.layer.cornerRadius = 12 }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if let featured = petService.pets.randomElement(), let photo = featured.photoNames.first {
            featuredImageView.image = UIImage(named: photo)
        }
    }

    // MARK: - Actions

    @IBAction private func browseTapped(_ sender: UIButton) {
        delegate?.homeViewControllerDidTapBrowsePets(self)
    }

    @IBAction private func quizTapped(_ sender: UIButton) {
        delegate?.homeViewControllerDidTapTakeQuiz(self)
    }
}
