import UIKit

/// Reading time and topic mix computed from the local bookmarks.
final class ReadingStatsViewController: UITableViewController {

    private let bookmarkStore: BookmarkStoreType
    private var rows: [(title: String, value: String)] = []

    init(bookmarkStore: BookmarkStoreType) {
        self.bookmarkStore = bookmarkStore
        super.init(style: .insetGrouped)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        title = NSLocalizedString("stats.title", value: "Reading stats", comment: "")
        let bookmarks = bookmarkStore.bookmarks
        let perTopic = Dictionary(grouping: bookmarks, by: \.topic)
        rows = [("Saved reading time", "\(bookmarks.reduce(0) { $0 + $1.readingMinutes }) min")]
            + Topic.allCases.map { ($0.title, "\(perTopic[$0]?.count ?? 0)") }
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.textLabel?.text = rows[indexPath.row].title
        cell.detailTextLabel?.text = rows[indexPath.row].value
        return cell
    }
}
