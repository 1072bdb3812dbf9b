import UIKit
import Coordinator

/// Designed in Account.storyboard (identifier "AccountViewController").
final class AccountViewController: UITableViewController {

    private enum Row: Int, CaseIterable {
        case session
        case orders
    }

    var accountManager: AccountManager?

    @IBOutlet private var headerLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Account", comment: "")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        headerLabel.text = accountManager?.email ?? NSLocalizedString("Not signed in", comment: "")
        tableView.reloadData()
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Row.allCases.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        switch Row(rawValue: indexPath.row)! {
        case .session:
            let signedIn = accountManager?.isSignedIn ?? false
            content.text = signedIn ? NSLocalizedString("Sign out", comment: "") : NSLocalizedString("Sign in", comment: "")
            content.textProperties.color = signedIn ? .systemRed : .tintColor
        case .orders:
            content.text = NSLocalizedString("My orders", comment: "")
            cell.accessoryType = .disclosureIndicator
        }
        cell.contentConfiguration = content
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        switch Row(rawValue: indexPath.row)! {
        case .session:
            if accountManager?.isSignedIn == true {
                accountLogout(sender: self)
            } else {
                accountLogin(sender: self)
            }
        case .orders:
            globalDisplay(page: PageBox(.orders), sender: self)
        }
    }
}
