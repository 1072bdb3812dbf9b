import UIKit

/// Presented modally from `PermissionsViewController` by a storyboard segue; dismisses itself.
final class PrivacyPolicyViewController: UIViewController {

    @IBOutlet private weak var textView: UITextView!

    override func viewDidLoad() {
        super.viewDidLoad()
        textView.textContainerInset = UIEdgeInsets(top: 16, left: 12, bottom: 24, right: 12)
        textView.isEditable = false

        if let url = Bundle.main.url(forResource: "PrivacyPolicy", withExtension: "txt"),
           let text = try? String(contentsOf: url, encoding: .utf8) {
            textView.text = text
        }
    }

    @IBAction private func closeTapped(_ sender: UIBarButtonItem) {
        dismiss(animated: true)
    }
}
