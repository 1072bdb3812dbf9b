import UIKit

final class ArticleDetailViewController: UIViewController {

    private let presenter: ArticleDetailPresenter

    private let scrollView = UIScrollView()
    private let stackView = UIStackView()
    private let titleLabel = UILabel()
    private let metaLabel = UILabel()
    private let bodyLabel = UILabel()
    private let relatedStack = UIStackView()
    private lazy var bookmarkItem = UIBarButtonItem(
        image: UIImage(systemName: "bookmark"),
        style: .plain,
        target: self,
        action: #selector(bookmarkTapped)
    )
    private lazy var shareItem = UIBarButtonItem(
        barButtonSystemItem: .action,
        target: self,
        action: #selector(shareTapped)
    )

    private let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    init(presenter: ArticleDetailPresenter) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        navigationItem.largeTitleDisplayMode = .never
        navigationItem.rightBarButtonItems = [shareItem, bookmarkItem]
        setUpLayout()
        presenter.viewDidLoad()
    }

    private func setUpLayout() {
        titleLabel.font = .preferredFont(forTextStyle: .largeTitle)
        titleLabel.numberOfLines = 0
        metaLabel.font = .preferredFont(forTextStyle: .footnote)
        metaLabel.textColor = .secondaryLabel
        bodyLabel.font = .preferredFont(forTextStyle: .body)
        bodyLabel.numberOfLines = 0
        relatedStack.axis = .vertical
        relatedStack.alignment = .leading
        relatedStack.spacing = 8

        stackView.axis = .vertical
        stackView.spacing = 16
        [titleLabel, metaLabel, bodyLabel, relatedStack].forEach(stackView.addArrangedSubview)

        scrollView.translatesAutoresizingMaskIntoConstraints = false
        stackView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scrollView)
        scrollView.addSubview(stackView)

        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            stackView.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: 20),
            stackView.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -20),
            stackView.leadingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.leadingAnchor, constant: 20),
            stackView.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor, constant: -20),
        ])
    }

    @objc private func bookmarkTapped() {
        presenter.didTapBookmark()
    }

    @objc private func shareTapped() {
        presenter.didTapShare()
    }
}

// MARK: - ArticleDetailView

extension ArticleDetailViewController: ArticleDetailView {
    func display(_ article: Article, isBookmarked: Bool) {
        titleLabel.text = article.title
        metaLabel.text = "\(article.author) · \(dateFormatter.string(from: article.publishedAt))"
        bodyLabel.text = article.body
        bookmarkItem.image = UIImage(systemName: isBookmarked ? "bookmark.fill" : "bookmark")

        relatedStack.arrangedSubviews.forEach { $0.removeFromSuperview() }
        for summary in article.related {
            let button = UIButton(type: .system, primaryAction: UIAction(title: summary.title) { [weak self] _ in
                self?.presenter.didSelectRelated(summary)
            })
            button.titleLabel?.numberOfLines = 2
            relatedStack.addArrangedSubview(button)
        }
    }

    func displayError(_ message: String) {
        bodyLabel.text = message
        bodyLabel.textColor = .systemRed
    }
}
