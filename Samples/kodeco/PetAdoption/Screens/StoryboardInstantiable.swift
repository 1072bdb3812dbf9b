//
//  StoryboardInstantiable.swift
//  PetAdoption
//

import UIKit

/// Each screen lives in its own storyboard: `PetListViewController` is the scene
/// `PetListViewController` inside `PetList.storyboard`.
protocol StoryboardInstantiable: UIViewController {
    associatedtype Delegate
    var delegate: Delegate? { get set }
}

extension StoryboardInstantiable {

    static var storyboardName: String {
        let className = String(describing: self)
        return className.replacingOccurrences(of: "ViewController", with: "")
    }

    static var storyboardIdentifier: String {
        return String(describing: self)
    }

    static func instantiate(delegate: Delegate?) -> Self {
        let storyboard = UIStoryboard(name: storyboardName, bundle: Bundle(for: self))
        let viewController = storyboard.instantiateViewController(withIdentifier: storyboardIdentifier) as! Self
        viewController.delegate = delegate
        return viewController
    }
}
