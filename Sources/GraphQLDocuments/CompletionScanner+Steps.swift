/// How each token moves the completion scanner on: one function per kind of frame. A token the
/// grammar does not allow where it comes is passed over, except brackets, which still open and
/// close frames so that the rest of the text stays paired as it was typed.
extension CompletionScanner {
    mutating func consume(_ token: GraphQLToken) {
        if consumeDirective(token) { return }
        switch frames[frames.count - 1] {
        case .document(let step): consumeInDocument(token, step: step)
        case .selections(let type, let step): consumeInSelections(token, type: type, step: step)
        case .arguments(_, let step), .objectValue(_, let step): consumeInEntries(token, step: step)
        case .listValue(let inputType): consumeInList(token, inputType: inputType)
        case .variables(let step): consumeInVariables(token, step: step)
        case .opaque: consumeUnexpected(token)
        }
    }

    private var top: Frame {
        get { frames[frames.count - 1] }
        set { frames[frames.count - 1] = newValue }
    }

    /// `@name(…)` wherever directives go; true when the token was the directive's.
    private mutating func consumeDirective(_ token: GraphQLToken) -> Bool {
        switch directive {
        case .expectingName:
            directive = token.kind == .name ? .named : .none
            return token.kind == .name
        case .named:
            directive = .none
            guard token.kind == .parenLeft else { return false }
            frames.append(.arguments(owner: .directive, step: .name))
            return true
        case .none:
            guard token.kind == .at else { return false }
            switch top {
            case .selections(let type, .spread):
                top = .selections(type: type, step: .inlineFragment(type: type))  // `... @include(…) {`
            case .document, .selections, .variables:
                break
            default:
                return false
            }
            directive = .expectingName
            return true
        }
    }

    private mutating func consumeInDocument(_ token: GraphQLToken, step: DocumentStep) {
        let name = token.kind == .name ? token.value : nil
        switch (token.kind, step) {
        case (.braceLeft, .start):
            frames.append(.selections(type: schema.queryType.name, step: .selection))
        case (.name, .start):
            switch name {
            case "query", "mutation", "subscription": top = .document(.operation(root: rootType(name ?? ""), named: false))
            case "fragment": top = .document(.fragmentName)
            default: break
            }
        case (.name, .operation(let root, false)):
            top = .document(.operation(root: root, named: true))
        case (.parenLeft, .operation(let root, _)):
            top = .document(.operation(root: root, named: true))
            frames.append(.variables(.dollar))
        case (.braceLeft, .operation(let root, _)):
            frames.append(.selections(type: root, step: .selection))
        case (.name, .fragmentName):
            top = .document(.fragmentOn)
        case (.name, .fragmentOn) where name == "on":
            top = .document(.fragmentType)
        case (.name, .fragmentType):
            top = .document(.fragmentBody(type: name ?? ""))
        case (.braceLeft, .fragmentBody(let type)):
            frames.append(.selections(type: type, step: .selection))
        default:
            consumeUnexpected(token)
        }
    }

    private mutating func consumeInSelections(_ token: GraphQLToken, type: String?, step: SelectionStep) {
        let name = token.value ?? ""
        switch (token.kind, step) {
        case (.name, .spread):
            top = .selections(type: type, step: name == "on" ? .typeCondition : .fragmentSpread)
        case (.name, .typeCondition):
            top = .selections(type: type, step: .inlineFragment(type: name))
        case (.name, .alias):
            top = .selections(type: type, step: .field(name: name, canAlias: false, hasArguments: false))
        case (.name, _):
            top = .selections(type: type, step: .field(name: name, canAlias: true, hasArguments: false))
        case (.colon, .field(_, true, false)):
            top = .selections(type: type, step: .alias)
        case (.parenLeft, .field(let field, _, false)):
            let owner: ArgumentOwner = if let type, let definition = self.field(in: type, named: field) {
                .field(type: type, field: definition)
            } else {
                .unknownField
            }
            frames.append(.arguments(owner: owner, step: .name))
        case (.braceLeft, .field(let field, _, _)):
            frames.append(.selections(type: fieldType(in: type, named: field), step: .selection))
        case (.braceLeft, .spread):
            frames.append(.selections(type: type, step: .selection))
        case (.braceLeft, .inlineFragment(let condition)):
            frames.append(.selections(type: condition, step: .selection))
        case (.spread, _):
            top = .selections(type: type, step: .spread)
        default:
            consumeUnexpected(token)
        }
    }

    /// `name: value` entries of arguments and object values.
    private mutating func consumeInEntries(_ token: GraphQLToken, step: EntryStep) {
        switch (token.kind, step) {
        case (.name, .value), (.int, .value), (.float, .value), (.string, .value), (.blockString, .value), (.name, .variable):
            setEntryStep(.name)
        case (.name, .name), (.name, .colon):
            setEntryStep(.colon(entry: token.value ?? ""))
        case (.colon, .colon(let entry)):
            setEntryStep(.value(inputType: entryType(entry, in: top)))
        case (.dollar, .value):
            setEntryStep(.variable)
        case (.braceLeft, .value(let inputType)):
            frames.append(.objectValue(inputType: inputObject(inputType), step: .name))
        case (.bracketLeft, .value(let inputType)):
            frames.append(.listValue(inputType: inputType))
        default:
            consumeUnexpected(token)
        }
    }

    private mutating func setEntryStep(_ step: EntryStep) {
        switch top {
        case .arguments(let owner, _): top = .arguments(owner: owner, step: step)
        case .objectValue(let inputType, _): top = .objectValue(inputType: inputType, step: step)
        default: break
        }
    }

    private mutating func consumeInList(_ token: GraphQLToken, inputType: String?) {
        switch token.kind {
        case .braceLeft: frames.append(.objectValue(inputType: inputObject(inputType), step: .name))
        case .bracketLeft: frames.append(.listValue(inputType: inputType))
        default: consumeUnexpected(token)  // elements themselves change nothing
        }
    }

    private mutating func consumeInVariables(_ token: GraphQLToken, step: VariableStep) {
        switch (token.kind, step) {
        case (.dollar, .dollar), (.dollar, .afterType), (.dollar, .afterDefault):
            top = .variables(.name)
        case (.name, .name):
            top = .variables(.colon)
        case (.colon, .colon), (.bracketLeft, .type):
            top = .variables(.type)
        case (.name, .type):
            top = .variables(.afterType(named: token.value ?? ""))
        case (.bracketRight, .afterType), (.bang, .afterType):
            break
        case (.equals, .afterType(let type)):
            top = .variables(.defaultValue(inputType: type))
        case (.braceLeft, .defaultValue(let type)):
            frames.append(.objectValue(inputType: inputObject(type), step: .name))
        case (.bracketLeft, .defaultValue(let type)):
            frames.append(.listValue(inputType: type))
        case (.name, .defaultValue), (.int, .defaultValue), (.float, .defaultValue), (.string, .defaultValue),
             (.blockString, .defaultValue):
            top = .variables(.afterDefault)
        default:
            consumeUnexpected(token)
        }
    }

    // MARK: Brackets out of place, and closing

    /// A token out of place: an opening bracket still opens (an opaque frame), a closing one closes.
    private mutating func consumeUnexpected(_ token: GraphQLToken) {
        switch token.kind {
        case .braceLeft: frames.append(.opaque(closer: .braceRight))
        case .parenLeft: frames.append(.opaque(closer: .parenRight))
        case .bracketLeft: frames.append(.opaque(closer: .bracketRight))
        case .braceRight, .parenRight, .bracketRight: close(token.kind)
        default: break
        }
    }

    /// Closes the innermost frame this bracket closes, and any left open inside it; a closer that
    /// matches nothing open is passed over.
    private mutating func close(_ closer: GraphQLToken.Kind) {
        guard let index = frames.lastIndex(where: { $0.closer == closer }), index > 0 else { return }
        let closed = frames[index]
        frames.removeSubrange(index...)
        directive = .none
        childClosed(closed)
    }

    /// The step a frame reaches once the frame inside it has closed.
    private mutating func childClosed(_ closed: Frame) {
        let closedValue: Bool
        switch closed {
        case .objectValue, .listValue: closedValue = true
        default: closedValue = false
        }
        switch (top, closed) {
        case (.document, .selections):
            top = .document(.start)
        case (.selections(let type, _), .selections):
            top = .selections(type: type, step: .selection)
        case (.selections(let type, .field(let name, _, false)), .arguments(let owner, _)):
            if case .directive = owner { break }
            top = .selections(type: type, step: .field(name: name, canAlias: false, hasArguments: true))
        case (.arguments, _) where closedValue, (.objectValue, _) where closedValue:
            setEntryStep(.name)
        case (.variables, _) where closedValue:
            top = .variables(.afterDefault)
        default:
            break
        }
    }
}
