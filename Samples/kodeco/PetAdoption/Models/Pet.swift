//
//  Pet.swift
//  PetAdoption
//

import Foundation

struct Pet: Hashable {

    enum Species: String, CaseIterable {
        case dog, cat, rabbit

        var displayName: String {
            return rawValue.capitalized
        }
    }

    enum Size: String {
        case small, medium, large
    }

    let id: Int
    let name: String
    let species: Species
    let breed: String
    let ageInMonths: Int
    let size: Size
    let bio: String
    let photoNames: [String]

    var ageDescription: String {
        if ageInMonths < 12 {
            return ageInMonths == 1 ? "1 month" : "\(ageInMonths) months"
        }
        let years = ageInMonths / 12
        return years == 1 ? "1 year" : "\(years) years"
    }
}
