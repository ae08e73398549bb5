import Foundation

/// Where `Bundle.main` finds a playground's resources. In Xcode, `Bundle.main.url(forResource:…)`
/// finds the files of the bundle's and the page's `Resources/`; on Linux `Bundle.main` is the folder
/// of the running executable (read once from `/proc/self/exe`), which for Workbench's host is the
/// toolchain's or the build's folder. When `WORKBENCH_MAIN_BUNDLE` names a folder (the REPL sets it
/// for a playground's Swift host), the process path CoreFoundation keeps is set to a
/// file in that folder before anything asks for `Bundle.main`, so its resources are that folder's.
public enum MainBundle {
    public static let variable = "WORKBENCH_MAIN_BUNDLE"

    /// Once per process, before the first input's code runs.
    public static func redirectFromEnvironment() {
        _ = redirected
    }

    private static let redirected: Bool = {
        // Foundation's main bundle traps when its folder is not there.
        var isDirectory: ObjCBool = false
        guard let folder = ProcessInfo.processInfo.environment[variable], !folder.isEmpty,
              FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
        // `_CFGetProcessPath` (exported by Foundation's CoreFoundation) hands out the address of the
        // path it caches; CFBundle builds the main bundle from it on first use.
        guard let foundation = dlopen("libFoundation.so", RTLD_LAZY | RTLD_NOLOAD),
              let symbol = dlsym(foundation, "_CFGetProcessPath") else { return false }
        let processPath = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeMutablePointer<UnsafePointer<CChar>?>).self)
        processPath().pointee = UnsafePointer(strdup(folder + "/playground"))
        return true
    }()
}
