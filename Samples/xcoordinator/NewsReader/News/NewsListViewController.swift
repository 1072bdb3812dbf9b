import UIKit

final class NewsListViewController: UITableViewController, BindableType {

    var viewModel: NewsListViewModel!

    private let relativeFormatter = RelativeDateTimeFormatter()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "StoryCell")
        refreshControl = UIRefreshControl()
        refreshControl?.addTarget(self, action: #selector(refreshPulled), for: .valueChanged)
    }

    func bindViewModel() {
        title = viewModel.title
        viewModel.onChange = { [weak self] in
            self?.refreshControl?.endRefreshing()
            self?.tableView.reloadData()
        }
        viewModel.onError = { [weak self] message in
            self?.refreshControl?.endRefreshing()
            let alert = UIAlertController(title: "Couldn't load stories", message: message, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .cancel))
            self?.present(alert, animated: true)
        }
        viewModel.refresh()
    }

    @objc private func refreshPulled() {
        viewModel.refresh()
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        viewModel.articles.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "StoryCell", for: indexPath)
        let article = viewModel.articles[indexPath.row]
        var content = UIListContentConfiguration.subtitleCell()
        content.text = article.title
        content.textProperties.font = .preferredFont(forTextStyle: .headline)
        content.textProperties.numberOfLines = 3
        content.secondaryText = "\(article.section) · \(relativeFormatter.localizedString(for: article.publishedAt, relativeTo: Date()))"
        content.secondaryTextProperties.color = .secondaryLabel
        cell.contentConfiguration = content
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        viewModel.didSelect(viewModel.articles[indexPath.row])
    }
}
