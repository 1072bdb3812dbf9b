//
//  QuizResultViewController.swift
//  PetAdoption
//

import UIKit

protocol QuizResultViewControllerDelegate: AnyObject {
    func quizResultViewController(_ vc: QuizResultViewController, didTapBrowse species: Pet.Species)
    func quizResultViewControllerDidTapDone(_ vc: QuizResultViewController)
}

final class QuizResultViewController: UIViewController, StoryboardInstantiable {

    weak var delegate: QuizResultViewControllerDelegate?

    var recommendation: Pet.Species = .dog {
        didSet { if isViewLoaded { render() } }
    }

    @IBOutlet private weak var resultImageView: UIImageView!
    @IBOutlet private weak var resultLabel: UILabel!
    @IBOutlet private weak var browseButton: UIButton!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Your match"
        navigationItem.hidesBackButton = true
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .done, target: self, action: #selector(doneTapped))
        render()
    }

    private func render() {
        resultLabel.text = "You'd be a great \(recommendation.displayName.lowercased()) parent!"
        resultImageView.image = UIImage(named: "result-\(recommendation.rawValue)")
        browseButton.setTitle("See adoptable \(recommendation.displayName.lowercased())s", for: .normal)
    }

    // MARK: - Actions

    @IBAction private func browseTapped(_ sender: UIButton) {
        delegate?.quizResultViewController(self, didTapBrowse: recommendation)
    }

    @objc private func doneTapped() {
        delegate?.quizResultViewControllerDidTapDone(self)
    }
}
