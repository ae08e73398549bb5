// A Workbench session exported as lesson.
//
// `workbench replay lesson.swift` runs its #Playground block, with the session's `wb`.

import Foundation
import Playgrounds
import WorkbenchKit

#Playground("lesson") {
    wb.removeBody()
}
