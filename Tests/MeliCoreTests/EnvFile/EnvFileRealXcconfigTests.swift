import Testing
@testable import MeliCore

/// Whole xcconfig files as projects have them load without a problem and give Xcode's values
/// (as strings: Xcode's string form keeps the text between references as written).
@Suite("Env file: real xcconfig files")
struct EnvFileRealXcconfigTests {
    /// What `pod install` (CocoaPods 1.15) writes as Target Support Files/Pods-App/Pods-App.debug.xcconfig
    /// for an app using two frameworks.
    static let cocoaPods = #"""
        ALWAYS_EMBED_SWIFT_STANDARD_LIBRARIES = YES
        CLANG_ENABLE_MODULES = YES
        FRAMEWORK_SEARCH_PATHS = $(inherited) "${PODS_CONFIGURATION_BUILD_DIR}/Alamofire" "${PODS_CONFIGURATION_BUILD_DIR}/SnapKit"
        GCC_PREPROCESSOR_DEFINITIONS = $(inherited) COCOAPODS=1
        HEADER_SEARCH_PATHS = $(inherited) "${PODS_ROOT}/Headers/Public"
        LD_RUNPATH_SEARCH_PATHS = $(inherited) /usr/lib/swift '@executable_path/Frameworks' '@loader_path/Frameworks'
        LIBRARY_SEARCH_PATHS = $(inherited) "${TOOLCHAIN_DIR}/usr/lib/swift/${PLATFORM_NAME}" /usr/lib/swift
        OTHER_CFLAGS = $(inherited) -iquote "${PODS_CONFIGURATION_BUILD_DIR}/Alamofire/Alamofire.framework/Headers"
        OTHER_LDFLAGS = $(inherited) -ObjC -l"swiftCoreGraphics" -framework "Alamofire" -framework "SnapKit"
        OTHER_LDFLAGS[sdk=iphonesimulator*] = $(inherited) -framework "XCTest"
        OTHER_SWIFT_FLAGS = $(inherited) -D COCOAPODS
        PODS_BUILD_DIR = ${BUILD_DIR}
        PODS_CONFIGURATION_BUILD_DIR = ${PODS_BUILD_DIR}/$(CONFIGURATION)$(EFFECTIVE_PLATFORM_NAME)
        PODS_PODFILE_DIR_PATH = ${SRCROOT}/.
        PODS_ROOT = ${SRCROOT}/Pods
        PODS_XCFRAMEWORKS_BUILD_DIR = $(PODS_CONFIGURATION_BUILD_DIR)/XCFrameworkIntermediates
        USE_RECURSIVE_SCRIPT_INPUTS_IN_SCRIPT_PHASES = YES

        """#

    /// The names Xcode gives a build; here through the process environment.
    static let buildEnvironment = [
        "SRCROOT": "/src/App", "BUILD_DIR": "/build/Products", "CONFIGURATION": "Debug",
        "EFFECTIVE_PLATFORM_NAME": "-iphoneos", "TOOLCHAIN_DIR": "/Toolchains/Default", "PLATFORM_NAME": "iphoneos",
    ]

    @Test func aCocoaPodsFileLoadsWithXcodesValues() throws {
        let outcome = try EnvFileHarness().resolve(
            ["Pods-App.debug.xcconfig": Self.cocoaPods], root: "Pods-App.debug.xcconfig", environment: Self.buildEnvironment,
            conditions: ConditionValues(environment: "dev", binary: "meli-dev"))
        #expect(outcome.diagnostics == [])
        let built = "/build/Products/Debug-iphoneos"
        #expect(outcome.values["PODS_CONFIGURATION_BUILD_DIR"] == built)
        #expect(outcome.values["PODS_XCFRAMEWORKS_BUILD_DIR"] == built + "/XCFrameworkIntermediates")
        #expect(outcome.values["PODS_PODFILE_DIR_PATH"] == "/src/App/.")
        #expect(outcome.values["FRAMEWORK_SEARCH_PATHS"] == #" "\#(built)/Alamofire" "\#(built)/SnapKit""#)
        #expect(outcome.values["HEADER_SEARCH_PATHS"] == #" "/src/App/Pods/Headers/Public""#)
        #expect(outcome.values["LD_RUNPATH_SEARCH_PATHS"] == " /usr/lib/swift '@executable_path/Frameworks' '@loader_path/Frameworks'")
        #expect(outcome.values["LIBRARY_SEARCH_PATHS"] == #" "/Toolchains/Default/usr/lib/swift/iphoneos" /usr/lib/swift"#)
        // The simulator line does not apply (there is no sdk here): the plain one stands.
        #expect(outcome.values["OTHER_LDFLAGS"] == #" -ObjC -l"swiftCoreGraphics" -framework "Alamofire" -framework "SnapKit""#)
        #expect(outcome.values["GCC_PREPROCESSOR_DEFINITIONS"] == " COCOAPODS=1")
        #expect(outcome.values.count == 16)
    }

    /// jspahrsummers/xcconfigs' layout: Base/Common.xcconfig, included by Base/Configurations/Debug.xcconfig,
    /// with a target file on top.
    static let common = """
        // Common settings shared by every configuration.
        ALWAYS_SEARCH_USER_PATHS = NO
        CLANG_ENABLE_OBJC_ARC = YES
        CLANG_WARN_BOOL_CONVERSION = YES
        CODE_SIGN_IDENTITY =
        CODE_SIGN_IDENTITY[sdk=iphoneos*] = iPhone Developer
        GCC_C_LANGUAGE_STANDARD = gnu99
        GCC_PREPROCESSOR_DEFINITIONS = $(inherited)
        GCC_WARN_ABOUT_RETURN_TYPE = YES
        IPHONEOS_DEPLOYMENT_TARGET = 12.0
        MACOSX_DEPLOYMENT_TARGET = 10.13
        WARNING_CFLAGS = -Wall -Wextra -Wno-unused-parameter

        """

    static let debug = """
        #include "../Common.xcconfig"

        // Debug: no optimisation, assertions on.
        COPY_PHASE_STRIP = NO
        DEBUG_INFORMATION_FORMAT = dwarf
        ENABLE_TESTABILITY = YES
        GCC_OPTIMIZATION_LEVEL = 0
        GCC_PREPROCESSOR_DEFINITIONS = $(inherited) DEBUG=1
        ONLY_ACTIVE_ARCH = YES
        SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) DEBUG
        SWIFT_OPTIMIZATION_LEVEL = -Onone

        """

    static let application = """
        #include "../Base/Configurations/Debug.xcconfig"

        // Application target.
        INFOPLIST_FILE = $(SRCROOT)/$(PROJECT_NAME)/Info.plist
        LD_RUNPATH_SEARCH_PATHS = $(inherited) @executable_path/../Frameworks
        PRODUCT_NAME = $(TARGET_NAME)
        PRODUCT_BUNDLE_IDENTIFIER = com.example.$(PRODUCT_NAME:rfc1034identifier)
        PRODUCT_MODULE_NAME = $(PRODUCT_NAME:identifier)
        WRAPPER_EXTENSION = app

        """

    @Test func anXcconfigsStyleBaseLoadsWithXcodesValues() throws {
        let outcome = try EnvFileHarness().resolve(
            ["Base/Common.xcconfig": Self.common, "Base/Configurations/Debug.xcconfig": Self.debug, "Targets/App.xcconfig": Self.application],
            root: "Targets/App.xcconfig", environment: ["SRCROOT": "/src", "PROJECT_NAME": "Demo", "TARGET_NAME": "My App"],
            conditions: ConditionValues(environment: "dev", binary: "meli-dev"))
        #expect(outcome.diagnostics == [])
        #expect(outcome.values["GCC_PREPROCESSOR_DEFINITIONS"] == " DEBUG=1")
        #expect(outcome.values["CODE_SIGN_IDENTITY"] == "")
        #expect(outcome.values["INFOPLIST_FILE"] == "/src/Demo/Info.plist")
        #expect(outcome.values["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.My-App")
        #expect(outcome.values["PRODUCT_MODULE_NAME"] == "My_App")
        #expect(outcome.values["LD_RUNPATH_SEARCH_PATHS"] == " @executable_path/../Frameworks")
        #expect(outcome.files.count == 3)
    }
}
