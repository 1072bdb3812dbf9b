//
//  DeepLinkOption.swift
//  TravelPlanner
//

import Foundation

private enum DeepLinkKeys {
    static let launchID = "launch_id"
    static let onboarding = "onboarding"
    static let signUp = "signup"
    static let trips = "trips"
    static let packingList = "packing_list"
    static let tripID = "trip_id"
}

enum DeepLinkOption {

    case onboarding
    case signUp
    case trips
    case packingList(tripID: String)

    /// Push notification payload, e.g. `{"launch_id": "packing_list", "trip_id": "42"}`.
    static func build(with dict: [String: AnyObject]?) -> DeepLinkOption? {
        guard let id = dict?[DeepLinkKeys.launchID] as? String else { return nil }

        switch id {
        case DeepLinkKeys.onboarding:
            return .onboarding
        case DeepLinkKeys.signUp:
            return .signUp
        case DeepLinkKeys.trips:
            return .trips
        case DeepLinkKeys.packingList:
            guard let tripID = dict?[DeepLinkKeys.tripID] as? String else { return nil }
            return .packingList(tripID: tripID)
        default:
            return nil
        }
    }

    /// Universal links: `https://travelplanner.app/trips/42/packing`.
    static func build(with userActivity: NSUserActivity) -> DeepLinkOption? {
        guard
            userActivity.activityType == NSUserActivityTypeBrowsingWeb,
            let url = userActivity.webpageURL
        else { return nil }

        let parts = url.pathComponents.filter { $0 != "/" }
        switch parts.first {
        case "signup":
            return .signUp
        case "trips" where parts.count == 3 && parts[2] == "packing":
            return .packingList(tripID: parts[1])
        case "trips":
            return .trips
        default:
            return nil
        }
    }
}
