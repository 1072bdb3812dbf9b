import UIKit

/// A view controller that is configured with a view model after it has been created.
protocol BindableType: AnyObject {
    associatedtype ViewModelType

    var viewModel: ViewModelType! { get set }

    func bindViewModel()
}

extension BindableType where Self: UIViewController {
    func bind(to model: ViewModelType) {
        viewModel = model
        loadViewIfNeeded()
        bindViewModel()
    }
}
