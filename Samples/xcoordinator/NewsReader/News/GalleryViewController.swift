import UIKit
import XCoordinator

/// Full-screen, horizontally paging photo gallery for an article.
final class GalleryViewController: UIViewController {

    private let imageURLs: [URL]
    private let router: UnownedRouter<NewsRoute>
    private let pager = UIScrollView()
    private let pageControl = UIPageControl()

    init(imageURLs: [URL], router: UnownedRouter<NewsRoute>) {
        self.imageURLs = imageURLs
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var prefersStatusBarHidden: Bool {
        true
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black

        pager.isPagingEnabled = true
        pager.showsHorizontalScrollIndicator = false
        pager.delegate = self
        pager.frame = view.bounds
        pager.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(pager)

        pageControl.numberOfPages = imageURLs.count
        pageControl.hidesForSinglePage = true
        pageControl.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(pageControl)

        let closeButton = UIButton(type: .close, primaryAction: UIAction { [unowned self] _ in
            self.router.trigger(.close)
        })
        closeButton.overrideUserInterfaceStyle = .dark
        closeButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(closeButton)

        NSLayoutConstraint.activate([
            pageControl.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            pageControl.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -12),
            closeButton.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 12),
            closeButton.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let size = pager.bounds.size
        pager.subviews.forEach { $0.removeFromSuperview() }
        for (index, url) in imageURLs.enumerated() {
            let imageView = UIImageView(frame: CGRect(x: CGFloat(index) * size.width, y: 0, width: size.width, height: size.height))
            imageView.contentMode = .scaleAspectFit
            pager.addSubview(imageView)
            load(url, into: imageView)
        }
        pager.contentSize = CGSize(width: size.width * CGFloat(imageURLs.count), height: size.height)
    }

    private func load(_ url: URL, into imageView: UIImageView) {
        URLSession.shared.dataTask(with: url) { [weak imageView] data, _, _ in
            guard let data = data, let image = UIImage(data: data) else { return }
            DispatchQueue.main.async { imageView?.image = image }
        }.resume()
    }
}

// MARK: - UIScrollViewDelegate

extension GalleryViewController: UIScrollViewDelegate {
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        guard scrollView.bounds.width > 0 else { return }
        pageControl.currentPage = Int(round(scrollView.contentOffset.x / scrollView.bounds.width))
    }
}
