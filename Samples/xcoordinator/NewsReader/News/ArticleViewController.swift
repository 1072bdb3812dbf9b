import UIKit

final class ArticleViewController: UIViewController, BindableType {

    var viewModel: ArticleViewModel!

    private let scrollView = UIScrollView()
    private let heroImageView = UIImageView()
    private let titleLabel = UILabel()
    private let bylineLabel = UILabel()
    private let bodyLabel = UILabel()
    private let commentsButton = UIButton(configuration: .tinted())
    private let readNextButton = UIButton(configuration: .plain())

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        navigationItem.largeTitleDisplayMode = .never

        heroImageView.contentMode = .scaleAspectFill
        heroImageView.clipsToBounds = true
        heroImageView.isUserInteractionEnabled = true
        heroImageView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(heroTapped)))
        heroImageView.heightAnchor.constraint(equalTo: heroImageView.widthAnchor, multiplier: 9.0 / 16.0).isActive = true

        titleLabel.font = .preferredFont(forTextStyle: .title1)
        titleLabel.numberOfLines = 0
        bylineLabel.font = .preferredFont(forTextStyle: .subheadline)
        bylineLabel.textColor = .secondaryLabel
        bodyLabel.font = .preferredFont(forTextStyle: .body)
        bodyLabel.numberOfLines = 0

        commentsButton.addTarget(self, action: #selector(commentsTapped), for: .touchUpInside)
        readNextButton.addTarget(self, action: #selector(readNextTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [
            heroImageView, titleLabel, bylineLabel, bodyLabel, commentsButton, readNextButton,
        ])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scrollView)
        scrollView.addSubview(stack)

        NSLayoutConstraint.activate([
            scrollView.frameLayoutGuide.topAnchor.constraint(equalTo: view.topAnchor),
            scrollView.frameLayoutGuide.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            scrollView.frameLayoutGuide.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.frameLayoutGuide.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            stack.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: 16),
            stack.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -24),
            stack.leadingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.leadingAnchor, constant: 20),
            stack.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor, constant: -20),
        ])
    }

    func bindViewModel() {
        titleLabel.text = viewModel.article.title
        bylineLabel.text = viewModel.byline
        bodyLabel.text = viewModel.article.body
        commentsButton.configuration?.title = viewModel.commentsTitle
        readNextButton.configuration?.title = viewModel.nextArticle.map { "Next: \($0.title)" }
        readNextButton.isHidden = viewModel.nextArticle == nil
        heroImageView.isHidden = viewModel.article.imageURLs.isEmpty
        updateNavigationItems()
    }

    private func updateNavigationItems() {
        let saveItem = UIBarButtonItem(
            image: UIImage(systemName: viewModel.isSaved ? "bookmark.fill" : "bookmark"),
            style: .plain,
            target: self,
            action: #selector(saveTapped)
        )
        let moreItem = UIBarButtonItem(image: UIImage(systemName: "ellipsis.circle"), menu: UIMenu(children: [
            UIAction(title: "Share", image: UIImage(systemName: "square.and.arrow.up")) { [weak self] _ in
                self?.viewModel.share()
            },
            UIAction(title: "Report a problem", image: UIImage(systemName: "exclamationmark.bubble")) { [weak self] _ in
                self?.viewModel.reportProblem()
            },
        ]))
        navigationItem.rightBarButtonItems = [moreItem, saveItem]
    }

    @objc private func heroTapped() {
        viewModel.openGallery()
    }

    @objc private func commentsTapped() {
        viewModel.openComments()
    }

    @objc private func readNextTapped() {
        viewModel.readNext()
    }

    @objc private func saveTapped() {
        viewModel.toggleSaved()
        updateNavigationItems()
    }
}
