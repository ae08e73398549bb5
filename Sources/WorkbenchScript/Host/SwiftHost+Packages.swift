import SwiftPackages
/// The package set the host's inputs link (docs/packages.md).
extension SwiftHost {
    /// Links `library` into the inputs after now. When inputs the host loaded link another build of
    /// packages, the host ends first: one process never holds two builds of a package (two copies
    /// of each type), and the next input starts a host that catches up on the session's steps with
    /// the new set, their values computed again. True then.
    public func usePackages(_ library: PackageLibrary?) -> Bool {
        configuration.packages = library
        guard let linked = linkedPackages, linked != library, process != nil || !libraries.isEmpty else { return false }
        stop()
        return true
    }
}
