import UIKit
import Coordinator

final class CartViewController: UITableViewController {

    var cartStore: CartStore?

    private lazy var summaryView = CartSummaryView()
    private lazy var emptyView = makeEmptyView()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Cart", comment: "")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "line")
        tableView.tableFooterView = summaryView

        NotificationCenter.default.addObserver(
            self,
            selector: #selector(cartDidChange(_:)),
            name: CartStore.didChangeNotification,
            object: cartStore
        )
        refresh()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        summaryView.frame.size = CGSize(width: tableView.bounds.width, height: 120)
    }

    @objc private func cartDidChange(_ note: Notification) {
        refresh()
    }

    private func refresh() {
        let lines = cartStore?.lines ?? []
        summaryView.configure(total: cartStore?.total ?? 0, itemCount: cartStore?.itemCount ?? 0)
        tableView.backgroundView = lines.isEmpty ? emptyView : nil
        tableView.reloadData()
    }

    private func makeEmptyView() -> UIView {
        var config = UIButton.Configuration.tinted()
        config.title = NSLocalizedString("Continue shopping", comment: "")
        let button = UIButton(configuration: config)
        button.addTarget(self, action: #selector(continueShoppingTapped), for: .touchUpInside)

        let container = UIView()
        button.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(button)
        NSLayoutConstraint.activate([
            button.centerXAnchor.constraint(equalTo: container.centerXAnchor),
            button.centerYAnchor.constraint(equalTo: container.centerYAnchor),
        ])
        return container
    }

    @objc private func continueShoppingTapped() {
        globalDisplay(page: PageBox(.catalog), sender: self)
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        cartStore?.lines.count ?? 0
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "line", for: indexPath)
        guard let line = cartStore?.lines[indexPath.row] else { return cell }
        var content = cell.defaultContentConfiguration()
        content.text = line.product.name
        content.secondaryText = "\(line.quantity) × \(line.product.formattedPrice)"
        cell.contentConfiguration = content
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let line = cartStore?.lines[indexPath.row] else { return nil }
        let remove = UIContextualAction(style: .destructive, title: NSLocalizedString("Remove", comment: "")) { [weak self] _, _, done in
            self?.cartRemove(item: ProductBox(line.product), sender: self)
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [remove])
    }
}
