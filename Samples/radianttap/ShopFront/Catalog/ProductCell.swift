import UIKit
import Coordinator

final class ProductCell: UICollectionViewCell {

    static let reuseIdentifier = "ProductCell"

    private let imageView = UIImageView()
    private let nameLabel = UILabel()
    private let priceLabel = UILabel()
    private let favoriteButton = UIButton(type: .system)
    private let addButton = UIButton(type: .system)

    private var product: Product?

    override init(frame: CGRect) {
        super.init(frame: frame)

        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        imageView.layer.cornerRadius = 8
        nameLabel.font = .preferredFont(forTextStyle: .headline)
        priceLabel.font = .preferredFont(forTextStyle: .subheadline)
        priceLabel.textColor = .secondaryLabel

        addButton.setImage(UIImage(systemName: "cart.badge.plus"), for: .normal)
        addButton.addTarget(self, action: #selector(addTapped), for: .touchUpInside)
        favoriteButton.addTarget(self, action: #selector(favoriteTapped), for: .touchUpInside)

        let buttons = UIStackView(arrangedSubviews: [favoriteButton, UIView(), addButton])
        let stack = UIStackView(arrangedSubviews: [imageView, nameLabel, priceLabel, buttons])
        stack.axis = .vertical
        stack.spacing = 6
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)

        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: contentView.topAnchor),
            stack.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            stack.bottomAnchor.constraint(lessThanOrEqualTo: contentView.bottomAnchor),
            imageView.heightAnchor.constraint(equalTo: imageView.widthAnchor),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        product = nil
        imageView.image = nil
    }

    func configure(with product: Product, isFavorite: Bool) {
        self.product = product
        imageView.image = UIImage(named: product.imageName)
        nameLabel.text = product.name
        priceLabel.text = product.formattedPrice
        favoriteButton.setImage(UIImage(systemName: isFavorite ? "heart.fill" : "heart"), for: .normal)
    }

    // MARK: - Actions

    @objc private func addTapped() {
        guard let p = product else { return }
        cartAdd(item: ProductBox(p), sender: self)
    }

    @objc private func favoriteTapped() {
        guard let p = product else { return }
        catalogToggleFavorite(item: ProductBox(p), sender: self)
    }
}
