import UIKit

final class BookmarksViewController: UITableViewController {

    private let presenter: BookmarksPresenter
    private let emptyLabel = UILabel()

    init(presenter: BookmarksPresenter) {
        self.presenter = presenter
        super.init(style: .plain)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("bookmarks.title", value: "Bookmarks", comment: "")
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .done,
            target: self,
            action: #selector(doneTapped)
        )
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "BookmarkCell")

        emptyLabel.text = NSLocalizedString("bookmarks.empty", value: "Nothing saved yet", comment: "")
        emptyLabel.textAlignment = .center
        emptyLabel.textColor = .secondaryLabel
        tableView.backgroundView = emptyLabel
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        presenter.viewWillAppear()
    }

    @objc private func doneTapped() {
        presenter.didTapDone()
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        presenter.bookmarks.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "BookmarkCell", for: indexPath)
        let bookmark = presenter.bookmarks[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = bookmark.title
        content.secondaryText = bookmark.teaser
        content.secondaryTextProperties.numberOfLines = 2
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(
        _ tableView: UITableView,
        commit editingStyle: UITableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete else { return }
        presenter.didDelete(item: presenter.bookmarks[indexPath.row])
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        presenter.didSelect(item: presenter.bookmarks[indexPath.row])
    }
}

// MARK: - BookmarksView

extension BookmarksViewController: BookmarksView {
    func reloadData() {
        tableView.reloadData()
    }

    func setEmptyStateVisible(_ isVisible: Bool) {
        emptyLabel.isHidden = !isVisible
    }
}

// MARK: - UIAdaptivePresentationControllerDelegate

extension BookmarksViewController: UIAdaptivePresentationControllerDelegate {
    /// Swiping the sheet down ends the flow the same way as the Done button.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        presenter.didTapDone()
    }
}
