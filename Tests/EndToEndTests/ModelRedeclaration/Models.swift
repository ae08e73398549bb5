// The final declarations ModelRedeclarationTableTests pastes after the wrong ones (one per line;
// generate.py compiles them as they are).
typealias Countries = [Country]
struct Country: Codable { let name: Name; let cca2: String; let area: Double }
struct Name: Codable { let common: String; let official: String }
