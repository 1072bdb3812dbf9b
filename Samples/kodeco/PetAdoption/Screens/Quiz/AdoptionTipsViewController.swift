//
//  AdoptionTipsViewController.swift
//  PetAdoption
//

import UIKit

/// Read-only checklist shown before the quiz result.
final class AdoptionTipsViewController: UIViewController, StoryboardInstantiable {

    /// Informational screen: it sends nothing back, the owner is only kept for symmetry.
    weak var delegate: AnyObject?

    @IBOutlet private weak var tipsTextView: UITextView!
    @IBOutlet private weak var illustrationImageView: UIImageView!

    private let tips = [
        "Budget for food, vet visits and insurance before you apply.",
        "Pet-proof cables, plants and low cupboards.",
        "Plan the first week: new pets need a quiet routine.",
        "Ask the shelter about the pet's history and habits."
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Before you adopt"
        illustrationImageView.image = UIImage(named: "tips-header")
        tipsTextView.isEditable = false
        tipsTextView.text = tips.map { "• \($0)" }.joined(separator: "\n\n")
    }
}
