import UIKit
import Coordinator

final class CatalogViewController: UIViewController {

    var catalogService: CatalogService?

    private let featuredOnly: Bool
    private var products: [Product] = []
    private var collectionView: UICollectionView!

    init(featuredOnly: Bool) {
        self.featuredOnly = featuredOnly
        super.init(nibName: nil, bundle: nil)
        title = featuredOnly ? NSLocalizedString("Featured", comment: "") : NSLocalizedString("Shop", comment: "")
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        let layout = UICollectionViewFlowLayout()
        layout.minimumInteritemSpacing = 12
        layout.minimumLineSpacing = 16
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)

        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .clear
        collectionView.register(ProductCell.self, forCellWithReuseIdentifier: ProductCell.reuseIdentifier)
        collectionView.dataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)

        reload()
    }

    private func reload() {
        products = catalogService?.products(featuredOnly: featuredOnly) ?? []
        collectionView.reloadData()
    }

    // MARK: - Coordinating messages

    /// Favorites are purely local UI state, so the screen handles them itself.
    override func catalogToggleFavorite(item: ProductBox, sender: Any?) {
        catalogService?.toggleFavorite(item.unbox)
        guard let index = products.firstIndex(of: item.unbox) else { return }
        collectionView.reloadItems(at: [IndexPath(item: index, section: 0)])
    }
}

// MARK: - UICollectionViewDataSource

extension CatalogViewController: UICollectionViewDataSource {

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        products.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: ProductCell.reuseIdentifier, for: indexPath) as! ProductCell
        let product = products[indexPath.item]
        cell.configure(with: product, isFavorite: catalogService?.isFavorite(product) ?? false)
        return cell
    }
}

// MARK: - UICollectionViewDelegateFlowLayout

extension CatalogViewController: UICollectionViewDelegateFlowLayout {

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: true)
        catalogShowProduct(item: ProductBox(products[indexPath.item]), sender: self)
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        let width = (collectionView.bounds.width - 44) / 2
        return CGSize(width: width, height: width * 1.45)
    }
}
