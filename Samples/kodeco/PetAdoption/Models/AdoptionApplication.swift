//
//  AdoptionApplication.swift
//  PetAdoption
//

import Foundation

struct AdoptionApplication {
    let petID: Int
    let applicantName: String
    let email: String
    let phone: String
    let hasOtherPets: Bool
    let message: String

    var isValid: Bool {
        return !applicantName.isEmpty && email.contains("@") && phone.count >= 7
    }
}
