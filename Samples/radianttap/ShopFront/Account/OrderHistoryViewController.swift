import UIKit
import Coordinator

final class OrderHistoryViewController: UITableViewController {

    private let orders: [Order]
    private let dateFormatter: DateFormatter = {
        let f = DateFormatter()
        f.dateStyle = .medium
        f.timeStyle = .none
        return f
    }()

    init(orders: [Order]) {
        self.orders = orders
        super.init(style: .insetGrouped)
        title = NSLocalizedString("My orders", comment: "")
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "order")
        if orders.isEmpty {
            navigationItem.rightBarButtonItem = UIBarButtonItem(
                title: NSLocalizedString("Start shopping", comment: ""),
                style: .plain,
                target: self,
                action: #selector(startShoppingTapped)
            )
        }
    }

    @objc private func startShoppingTapped() {
        globalDisplay(page: PageBox(.catalog), sender: self)
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        orders.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "order", for: indexPath)
        let order = orders[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = "#\(order.id)"
        content.secondaryText = "\(dateFormatter.string(from: order.placedAt)) · \(order.itemCount) items"
        cell.contentConfiguration = content
        cell.selectionStyle = .none
        return cell
    }
}
