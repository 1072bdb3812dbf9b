import UIKit
import Coordinator

final class ProductDetailViewController: UIViewController {

    let product: Product
    var isFavorite = false

    private let imageView = UIImageView()
    private let summaryLabel = UILabel()
    private let addButton = UIButton(type: .system)

    init(product: Product) {
        self.product = product
        super.init(nibName: nil, bundle: nil)
        title = product.name
        hidesBottomBarWhenPushed = false
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(image: UIImage(systemName: "cart"), style: .plain, target: self, action: #selector(viewCartTapped)),
            UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(shareTapped)),
        ]

        imageView.image = UIImage(named: product.imageName)
        imageView.contentMode = .scaleAspectFit
        summaryLabel.text = product.summary
        summaryLabel.numberOfLines = 0

        var config = UIButton.Configuration.filled()
        config.title = String(format: NSLocalizedString("Add to cart – %@", comment: ""), product.formattedPrice)
        addButton.configuration = config
        addButton.addTarget(self, action: #selector(addToCartTapped(_:)), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [imageView, summaryLabel, addButton])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    // MARK: - Actions

    @IBAction private func addToCartTapped(_ sender: UIButton) {
        cartAdd(item: ProductBox(product), sender: self)
        UIImpactFeedbackGenerator(style: .light).impactOccurred()
    }

    @objc private func shareTapped() {
        productShare(item: ProductBox(product), sender: self)
    }

    @objc private func viewCartTapped() {
        globalDisplay(page: PageBox(.cart), sender: self)
    }
}
