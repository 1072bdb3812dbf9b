import UIKit

final class CommentsViewController: UITableViewController, BindableType {

    var viewModel: CommentsViewModel!

    private let dateFormatter: RelativeDateTimeFormatter = {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .short
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "CommentCell")
        tableView.allowsSelection = false
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .done,
            target: self,
            action: #selector(doneTapped)
        )
    }

    func bindViewModel() {
        title = viewModel.title
        viewModel.onChange = { [weak self] in
            self?.tableView.reloadData()
        }
        viewModel.load()
    }

    @objc private func doneTapped() {
        viewModel.done()
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        viewModel.comments.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "CommentCell", for: indexPath)
        let comment = viewModel.comments[indexPath.row]
        var content = UIListContentConfiguration.subtitleCell()
        content.text = "\(comment.author) · \(dateFormatter.localizedString(for: comment.postedAt, relativeTo: Date()))"
        content.textProperties.font = .preferredFont(forTextStyle: .caption1)
        content.textProperties.color = .secondaryLabel
        content.secondaryText = comment.text
        content.secondaryTextProperties.font = .preferredFont(forTextStyle: .body)
        content.secondaryTextProperties.numberOfLines = 0
        cell.contentConfiguration = content
        return cell
    }
}
