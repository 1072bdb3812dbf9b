import UIKit
import Coordinate

final class PromotionsViewController: UITableViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    var codes: [String] = [] {
        didSet { if isViewLoaded { tableView.reloadData() } }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Promotions", comment: "")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "code")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        codes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "code", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = codes[indexPath.row]
        content.image = UIImage(systemName: "tag")
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        UIPasteboard.general.string = codes[indexPath.row]
        tableView.deselectRow(at: indexPath, animated: true)
    }
}
