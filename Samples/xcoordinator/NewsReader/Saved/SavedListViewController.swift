import UIKit

final class SavedListViewController: UITableViewController, BindableType {

    var viewModel: SavedListViewModel!

    private let emptyLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Saved"
        navigationController?.navigationBar.prefersLargeTitles = true
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "SavedCell")

        emptyLabel.text = "Articles you save appear here and stay available offline."
        emptyLabel.numberOfLines = 0
        emptyLabel.textAlignment = .center
        emptyLabel.textColor = .secondaryLabel
        tableView.backgroundView = emptyLabel
    }

    func bindViewModel() {
        viewModel.onChange = { [weak self] in
            self?.reload()
        }
        reload()
    }

    private func reload() {
        emptyLabel.isHidden = !viewModel.articles.isEmpty
        tableView.reloadData()
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        viewModel.articles.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "SavedCell", for: indexPath)
        let article = viewModel.articles[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = article.title
        content.secondaryText = article.summary
        content.secondaryTextProperties.numberOfLines = 2
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(
        _ tableView: UITableView,
        trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        let article = viewModel.articles[indexPath.row]
        let remove = UIContextualAction(style: .destructive, title: "Remove") { [weak self] _, _, done in
            self?.viewModel.remove(article)
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [remove])
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        viewModel.didSelect(viewModel.articles[indexPath.row])
    }
}
