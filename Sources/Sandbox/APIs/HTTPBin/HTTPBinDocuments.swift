/// Sample documents for `/json`, `/html` and `/xml`: httpbin's shapes, our own words.
enum HTTPBinDocuments {
    static let json: JSONValue = .object([
        ("slideshow", .object([
            ("author", .string("Workbench Sandbox")),
            ("date", .string("date of publication")),
            ("slides", .array([
                .object([("title", .string("Wake up to Workbench!")), ("type", .string("all"))]),
                .object([
                    ("items", .array([
                        .string("Why <em>Workbench</em> is great"),
                        .string("Who <em>uses</em> Workbench"),
                    ])),
                    ("title", .string("Overview")),
                    ("type", .string("all")),
                ]),
            ])),
            ("title", .string("Sample Slide Show")),
        ])),
    ])

    static let html = """
        <!DOCTYPE html>
        <html>
          <head>
          </head>
          <body>
              <h1>A Sample Page</h1>
              <div>
                <p>
                  This page is served by the Workbench sandbox in place of httpbin's /html.
                  It is plain HTML with a heading and one paragraph, so a client can be tried
                  on a body that is not JSON: its status line, its Content-Type, and a decode
                  that fails with a clear message.
                </p>
              </div>
          </body>
        </html>
        """

    static let xml = """
        <?xml version='1.0' encoding='us-ascii'?>

        <!--  A SAMPLE set of slides  -->

        <slideshow
            title="Sample Slide Show"
            date="Date of publication"
            author="Workbench Sandbox"
            >

            <!-- TITLE SLIDE -->
            <slide type="all">
              <title>Wake up to Workbench!</title>
            </slide>

            <!-- OVERVIEW -->
            <slide type="all">
                <title>Overview</title>
                <item>Why <em>Workbench</em> is great</item>
                <item/>
                <item>Who <em>uses</em> Workbench</item>
            </slide>

        </slideshow>
        """

    /// The body of `/status/418` (RFC 2324).
    static let teapot = "I'm a teapot: this server brews tea, not coffee.\n"
}
