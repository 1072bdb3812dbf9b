/// RxSwiftCommunity/Action as Swift declarations, read with the XCoordinator family (whose Rx apps wrap
/// `router.rx.trigger(…)` in a `CocoaAction`).
///
/// An action's work runs for each input that reaches it, and what feeds its inputs (a bound control, an
/// Rx chain, an alert button) is mostly code navgraph does not follow. So the work closure runs where the
/// action is made, as a closure given to unknown code runs: a trigger in it is sent by whoever made the
/// action. Running it again at each binding would mix every action's work, since a library object keeps
/// one set of properties for all its instances.
enum RxActionLibrary {
    static let source = #"""
    typealias CocoaAction = Action<Void, Void>
    typealias CompletableAction<Input> = Action<Input, Never>
    final class Action<Input, Element> {
        typealias WorkFactory = (Input) -> Observable<Element>
        let workFactory: WorkFactory
        let inputs: AnyObserver<Input>
        let elements: Observable<Element>
        let executionObservables: Observable<Observable<Element>>
        init(enabledIf: Observable<Bool> = Observable.just(true), workFactory: @escaping (Input) -> Observable<Element>) { workFactory() }
        func execute(_ value: Input) -> Observable<Element> {}
    }
    extension Action {
        func execute() -> Observable<Element> {}
    }
    extension CompletableAction {
        var completions: Observable<Void>
    }
    typealias Button = UIButton
    typealias Control = UIControl
    // Bindings of controls, bar items, refresh controls and alert actions to an action.
    extension Reactive {
        var action: CocoaAction?
        func bind<Input, Output>(to action: Action<Input, Output>, inputTransform: @escaping (Base) -> (Input)) {}
        func bind<Input, Output>(to action: Action<Input, Output>, input: Input) {}
        func bind<Input, Output>(to action: Action<Input, Output>, controlEvent: ControlEvent<Void>, inputTransform: @escaping (Base) -> (Input)) {}
        func unbindAction() {}
    }
    extension UIAlertAction {
        static func Action(_ title: String?, style: ActionStyle) -> UIAlertAction { UIAlertAction(title: title, style: style, handler: nil) }
    }
    """#
}
