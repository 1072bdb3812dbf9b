import UIKit

/// Author bio with their most recent stories.
final class AuthorProfileViewController: UITableViewController {

    private let authorName: String
    private let stories: [Article]

    init(authorName: String, stories: [Article]) {
        self.authorName = authorName
        self.stories = stories
        super.init(style: .insetGrouped)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = authorName
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "AuthorStoryCell")

        let header = UILabel(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 64))
        header.text = "\(stories.count) recent stories"
        header.font = .preferredFont(forTextStyle: .headline)
        header.textAlignment = .center
        tableView.tableHeaderView = header
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        stories.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "AuthorStoryCell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = stories[indexPath.row].title
        content.secondaryText = stories[indexPath.row].section
        cell.contentConfiguration = content
        return cell
    }
}
