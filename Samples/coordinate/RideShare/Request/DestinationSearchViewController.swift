import UIKit
import Coordinate

final class DestinationSearchViewController: UITableViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    var places: [Place] = [] {
        didSet { filtered = places }
    }

    private var filtered: [Place] = []
    private let searchBar = UISearchBar()

    override func viewDidLoad() {
        super.viewDidLoad()
        searchBar.placeholder = NSLocalizedString("Search places", comment: "")
        searchBar.showsCancelButton = true
        searchBar.delegate = self
        searchBar.sizeToFit()
        tableView.tableHeaderView = searchBar
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "place")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        searchBar.becomeFirstResponder()
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        filtered.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "place", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = filtered[indexPath.row].name
        content.secondaryText = filtered[indexPath.row].address
        content.image = UIImage(systemName: "mappin.circle")
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        emitEvent(AppEvents.Request.didPickDestination(filtered[indexPath.row]))
    }
}

extension DestinationSearchViewController: UISearchBarDelegate {

    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
        filtered = searchText.isEmpty
            ? places
            : places.filter { $0.name.localizedCaseInsensitiveContains(searchText) || $0.address.localizedCaseInsensitiveContains(searchText) }
        tableView.reloadData()
    }

    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {
        searchBar.resignFirstResponder()
        emitEvent(AppEvents.Request.didCancelSearch)
    }
}
