//
//  PackingListController.swift
//  TravelPlanner
//

import UIKit

protocol PackingListView: BaseView {
    var tripID: String? { get set }
}

final class PackingListController: UITableViewController, PackingListView {

    var tripID: String?

    private struct Item {
        let name: String
        var isPacked: Bool
    }

    private var items: [Item] = [
        Item(name: "Passport", isPacked: false),
        Item(name: "Phone charger", isPacked: false),
        Item(name: "Travel adapter", isPacked: false),
        Item(name: "Toiletries", isPacked: false)
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Packing list"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "ItemCell")
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return items.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ItemCell", for: indexPath)
        let item = items[indexPath.row]
        cell.textLabel?.text = item.name
        cell.accessoryType = item.isPacked ? .checkmark : .none
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        items[indexPath.row].isPacked.toggle()
        tableView.reloadRows(at: [indexPath], with: .automatic)
    }
}
