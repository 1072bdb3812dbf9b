//
//  PetDetailViewController.swift
//  PetAdoption
//

import UIKit

protocol PetDetailViewControllerDelegate: AnyObject {
    func petDetailViewController(_ vc: PetDetailViewController, didTapAdopt pet: Pet)
    func petDetailViewController(_ vc: PetDetailViewController, didTapPhotos pet: Pet)
    func petDetailViewController(_ vc: PetDetailViewController, didTapShare pet: Pet)
}

final class PetDetailViewController: UIViewController, StoryboardInstantiable {

    weak var delegate: PetDetailViewControllerDelegate?

    var pet: Pet!

    @IBOutlet private weak var photoImageView: UIImageView!
    @IBOutlet private weak var nameLabel: UILabel!
    @IBOutlet private weak var breedLabel: UILabel!
    @IBOutlet private weak var ageLabel: UILabel!
    @IBOutlet private weak var bioLabel: UILabel!
    @IBOutlet private weak var adoptButton: UIButton!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = pet.name
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .action, target: self, action: #selector(shareTapped))

        nameLabel.text = pet.name
        breedLabel.text = pet.breed
        ageLabel.text = "\(pet.ageDescription) · \(pet.size.rawValue.capitalized)"
        bioLabel.text = pet.bio
        photoImageView.image = pet.photoNames.first.flatMap { UIImage(named: $0) }
        adoptButton.setTitle("Adopt \(pet.name)", for: .normal)

        let tap = UITapGestureRecognizer(target: self, action: #selector(photoTapped))
        photoImageView.isUserInteractionEnabled = true
        photoImageView.addGestureRecognizer(tap)
    }

    // MARK: - Actions

    @IBAction private func adoptTapped(_ sender: UIButton) {
        delegate?.petDetailViewController(self, didTapAdopt: pet)
    }

    @objc private func photoTapped() {
        delegate?.petDetailViewController(self, didTapPhotos: pet)
    }

    @objc private func shareTapped() {
        delegate?.petDetailViewController(self, didTapShare: pet)
    }
}
