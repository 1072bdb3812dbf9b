//
//  PetListViewController.swift
//  PetAdoption
//

import UIKit

protocol PetListViewControllerDelegate: AnyObject {
    func petListViewController(_ vc: PetListViewController, didSelect pet: Pet)
}

final class PetListViewController: UITableViewController, StoryboardInstantiable {

    weak var delegate: PetListViewControllerDelegate?

    var pets: [Pet] = [] {
        didSet { if isViewLoaded { tableView.reloadData() } }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.rowHeight = 72
        tableView.tableFooterView = UIView()
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return pets.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "PetCell", for: indexPath)
        let pet = pets[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = pet.name
        content.secondaryText = "\(pet.breed) · \(pet.ageDescription)"
        content.image = pet.photoNames.first.flatMap { UIImage(named: $0) }
        content.imageProperties.maximumSize = CGSize(width: 56, height: 56)
        content.imageProperties.cornerRadius = 8
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        delegate?.petListViewController(self, didSelect: pets[indexPath.row])
    }
}
