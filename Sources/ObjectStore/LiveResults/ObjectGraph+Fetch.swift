import Evaluation

extension ObjectGraph {
    /// The objects `request` selects, in the order and window ``LiveResultSet/rows`` gives
    /// them, evaluated once and not kept current.
    ///
    /// Unlike a ``LiveResultSet`` it needs no inverse to trace changes back, so it answers a
    /// key path through a relationship whose inverse does not point back — `artist.name` from
    /// an `Image` whose `artist` names `Artist.thumbnail` as its inverse, itself the inverse of
    /// `Image.thumbnail` (Xcode and Core Data accept such a model; loading it warns).
    ///
    /// ```swift
    /// try graph.fetch(FetchRequest(entity: "Image", format: "artist.name BEGINSWITH 'U'"))
    /// // [Image#1, Image#2]
    /// ```
    ///
    /// Throws what ``LiveResultSet/init(request:graph:)`` throws, but never for tracking.
    public func fetch(_ request: FetchRequest) throws(LiveResultsError) -> [ObjectID] {
        try LiveResultSet(untracked: request, graph: self).rows
    }
}
