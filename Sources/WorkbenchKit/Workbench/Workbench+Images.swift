import Foundation

extension Workbench {
    /// `show image DATA`: the image `data` holds as a body of it shows, its one line and, at a
    /// terminal that draws (`set images`), the picture; the image playgrounds show for a value.
    public func showImage(_ data: Data) throws(WorkbenchError) {
        defer { console.flush() }
        guard ImageHeader(data) != nil else { throw .notAnImage(data.count) }
        BodyRenderer.write(data, mimeType: nil, limit: nil, to: console)
    }
}
