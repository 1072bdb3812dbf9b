//
//  TripFormController.swift
//  TravelPlanner
//

import UIKit

protocol TripFormView: BaseView {
    var onSave: ((Trip) -> Void)? { get set }
    var onCancel: (() -> Void)? { get set }
}

final class TripFormController: UIViewController, TripFormView, UITextFieldDelegate {

    // MARK: - TripFormView

    var onSave: ((Trip) -> Void)?
    var onCancel: (() -> Void)?

    // MARK: - Outlets

    @IBOutlet private weak var destinationField: UITextField!
    @IBOutlet private weak var startPicker: UIDatePicker!
    @IBOutlet private weak var endPicker: UIDatePicker!
    @IBOutlet private weak var notesTextView: UITextView!
    @IBOutlet private weak var saveButton: UIBarButtonItem!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "New trip"
        destinationField.delegate = self
        startPicker.minimumDate = Date()
        endPicker.minimumDate = startPicker.date
        saveButton.isEnabled = false
    }

    // MARK: - UITextFieldDelegate

    func textFieldDidChangeSelection(_ textField: UITextField) {
        let text = textField.text?.trimmingCharacters(in: .whitespaces) ?? ""
        saveButton.isEnabled = !text.isEmpty
    }

    // MARK: - Actions

    @IBAction private func startDateChanged(_ sender: UIDatePicker) {
        endPicker.minimumDate = sender.date
        if endPicker.date < sender.date {
            endPicker.setDate(sender.date, animated: true)
        }
    }

    @IBAction private func saveTapped(_ sender: UIBarButtonItem) {
        let trip = Trip(
            id: UUID().uuidString,
            destination: destinationField.text ?? "",
            startDate: startPicker.date,
            endDate: endPicker.date,
            notes: notesTextView.text ?? ""
        )
        onSave?(trip)
    }

    @IBAction private func cancelTapped(_ sender: UIBarButtonItem) {
        onCancel?()
    }
}
