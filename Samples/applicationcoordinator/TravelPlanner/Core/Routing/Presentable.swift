//
//  Presentable.swift
//  TravelPlanner
//

import UIKit

protocol Presentable {
    func toPresent() -> UIViewController?
}

extension UIViewController: Presentable {

    func toPresent() -> UIViewController? {
        return self
    }
}

/// Every screen is exposed to coordinators through a `BaseView`-derived protocol.
protocol BaseView: NSObjectProtocol, Presentable { }
