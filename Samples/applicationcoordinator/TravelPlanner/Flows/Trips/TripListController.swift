//
//  TripListController.swift
//  TravelPlanner
//

import UIKit

protocol TripListView: BaseView {
    var onTripSelect: ((Trip) -> Void)? { get set }
    var onCreateTrip: (() -> Void)? { get set }
    var onShowSettings: (() -> Void)? { get set }
}

final class TripListController: UIViewController, TripListView {

    // MARK: - TripListView

    var onTripSelect: ((Trip) -> Void)?
    var onCreateTrip: (() -> Void)?
    var onShowSettings: (() -> Void)?

    // MARK: - Dependencies

    var store: TripStore!

    @IBOutlet private weak var tableView: UITableView!
    @IBOutlet private weak var emptyStateView: UIView!

    private let dateFormatter: DateIntervalFormatter = {
        let formatter = DateIntervalFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Trips"
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .add, target: self, action: #selector(addTapped))
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            image: UIImage(systemName: "gearshape"), style: .plain, target: self, action: #selector(settingsTapped))
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "TripCell")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        tableView.reloadData()
        emptyStateView.isHidden = !store.trips.isEmpty
    }

    // MARK: - Actions

    @objc private func addTapped() {
        onCreateTrip?()
    }

    @objc private func settingsTapped() {
        onShowSettings?()
    }
}

// MARK: - UITableViewDataSource, UITableViewDelegate

extension TripListController: UITableViewDataSource, UITableViewDelegate {

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return store.trips.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "TripCell", for: indexPath)
        let trip = store.trips[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = trip.destination
        content.secondaryText = dateFormatter.string(from: trip.startDate, to: trip.endDate)
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        onTripSelect?(store.trips[indexPath.row])
    }
}
