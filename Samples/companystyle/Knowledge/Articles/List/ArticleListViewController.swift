import UIKit

final class ArticleListViewController: UIViewController {

    private static let cellIdentifier = "ArticleCell"

    private let presenter: ArticleListPresenter
    private let tableView = UITableView(frame: .zero, style: .insetGrouped)
    private let refreshControl = UIRefreshControl()

    init(presenter: ArticleListPresenter) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("articles.title", value: "Today", comment: "Article list title")
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            image: UIImage(systemName: "gearshape"),
            style: .plain,
            target: self,
            action: #selector(settingsTapped)
        )

        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        tableView.refreshControl = refreshControl
        refreshControl.addTarget(self, action: #selector(refreshPulled), for: .valueChanged)

        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(tableView)

        presenter.viewDidLoad()
    }

    @objc private func settingsTapped() {
        presenter.didTapSettings()
    }

    @objc private func refreshPulled() {
        presenter.reload()
    }
}

// MARK: - ArticleListView

extension ArticleListViewController: ArticleListView {
    func reloadData() {
        tableView.reloadData()
    }

    func setLoading(_ isLoading: Bool) {
        if !isLoading {
            refreshControl.endRefreshing()
        }
    }

    func displayError(_ message: String) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}

// MARK: - UITableViewDataSource & UITableViewDelegate

extension ArticleListViewController: UITableViewDataSource, UITableViewDelegate {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        presenter.items.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        var content = UIListContentConfiguration.subtitleCell()

        switch presenter.items[indexPath.row] {
        case .bookmarksShortcut:
            content.text = NSLocalizedString("articles.bookmarks", value: "Your bookmarks", comment: "")
            content.image = UIImage(systemName: "bookmark.fill")
        case .article(let summary):
            content.text = summary.title
            content.secondaryText = "\(summary.topic.title) · \(summary.readingMinutes) min"
            content.secondaryTextProperties.color = .secondaryLabel
        }

        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        presenter.didSelect(item: presenter.items[indexPath.row])
    }
}
