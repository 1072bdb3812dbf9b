import UIKit

final class AccountViewController: UITableViewController, Storyboarded {
    weak var coordinator: AccountCoordinator?
    var profile: UserProfile = .guest

    private enum Row {
        case profile, favourites, signOut
    }

    private let sections: [[Row]] = [[.profile], [.favourites], [.signOut]]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Account"
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        profile = UserSession.shared.profile
        tableView.reloadData()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if isMovingFromParent {
            coordinator?.didFinishAccount()
        }
    }

    private func confirmSignOut() {
        let alert = UIAlertController(title: "Sign out?",
                                      message: "Your favourites stay on this device.",
                                      preferredStyle: .actionSheet)
        alert.addAction(UIAlertAction(title: "Sign Out", style: .destructive) { [weak self] _ in
            self?.coordinator?.navigate(to: .signOut)
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(alert, animated: true)
    }

    // MARK: - Table view data source

    override func numberOfSections(in tableView: UITableView) -> Int {
        sections.count
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "AccountCell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        switch sections[indexPath.section][indexPath.row] {
        case .profile:
            content.text = profile.displayName
            content.secondaryText = profile.isGuest ? "Tap to add your details" : profile.email
            content.image = UIImage(systemName: "person.crop.circle.fill")
            cell.accessoryType = .disclosureIndicator
        case .favourites:
            content.text = "Favourites"
            content.secondaryText = "\(RecipeStore.shared.favourites.count) recipes"
            content.image = UIImage(systemName: "heart")
            cell.accessoryType = .disclosureIndicator
        case .signOut:
            content.text = "Sign Out"
            content.textProperties.color = .systemRed
            cell.accessoryType = .none
        }
        cell.contentConfiguration = content
        return cell
    }

    // MARK: - Table view delegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        switch sections[indexPath.section][indexPath.row] {
        case .profile:
            coordinator?.navigate(to: .editProfile)
        case .favourites:
            coordinator?.navigate(to: .favourites)
        case .signOut:
            confirmSignOut()
        }
    }
}
