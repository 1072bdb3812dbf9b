//
//  TripDetailController.swift
//  TravelPlanner
//

import UIKit

protocol TripDetailView: BaseView {
    var onDeleteTrip: ((Trip) -> Void)? { get set }
}

final class TripDetailController: UIViewController, TripDetailView {

    // MARK: - TripDetailView

    var onDeleteTrip: ((Trip) -> Void)?

    var trip: Trip?

    @IBOutlet private weak var destinationLabel: UILabel!
    @IBOutlet private weak var datesLabel: UILabel!
    @IBOutlet private weak var nightsLabel: UILabel!
    @IBOutlet private weak var notesTextView: UITextView!

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.largeTitleDisplayMode = .never
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .trash, target: self, action: #selector(deleteTapped))
        render()
    }

    private func render() {
        guard let trip = trip else { return }
        title = trip.destination
        destinationLabel.text = trip.destination
        datesLabel.text = DateFormatter.localizedString(from: trip.startDate, dateStyle: .long, timeStyle: .none)
        nightsLabel.text = trip.nights == 1 ? "1 night" : "\(trip.nights) nights"
        notesTextView.text = trip.notes.isEmpty ? "No notes yet." : trip.notes
    }

    // MARK: - Actions

    @objc private func deleteTapped() {
        guard let trip = trip else { return }
        let alert = UIAlertController(
            title: "Delete \(trip.destination)?",
            message: "This trip and its notes will be removed.",
            preferredStyle: .actionSheet)
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { [weak self] _ in
            self?.onDeleteTrip?(trip)
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(alert, animated: true)
    }
}
