/// Every message meli shows; `MessageCatalog` holds each one in English and Spanish.
public enum MessageKey: String, Sendable, CaseIterable {
    // Reporting
    case verbatim, errorLabel, warningLabel, didYouMean, runHelp, environmentProblemsOne, environmentProblemsMany, processEnvironment
    // Command line
    case unknownOption, unknownCommand, optionNeedsValue, optionTakesNoValue, invalidChoice, missingArgument, unexpectedArgument
    case quietWithVerbose
    // Help
    case helpUsage, helpCommands, helpArguments, helpOptions, helpGlobalOptions, helpExamples, helpExitCodes, helpMore
    case helpOptionsPlaceholder, helpCommandPlaceholder, programSummary
    case exitSuccess, exitFailure, exitUsage, exitConfiguration, exitAuthentication, exitNotFound
    // API
    case resourceSites, resourceSite, resourceCategory, resourceItem, notFound
    case refusedSearch, refusedSearchHint, refused, refusedHint
    case rateLimited, waitSeconds, waitUntil, waitLittle, serverFailed, unexpectedAnswer, tryLater
    case cannotReach, cannotReachHint, exchangeFailed, exchangeFailedHint, timedOut, timedOutHint, cannotRequest, cannotRequestHint
    case undecodable, decodingField, decodingBody
    case expectedString, expectedNumber, expectedBool, expectedArray, expectedObject, foundNull, missingField, notJSON, invalidValue
    // Catalog output
    case columnID, columnTitle, columnPrice, columnCondition, columnShipping, columnName, columnCurrency
    case free, conditionNew, conditionUsed, paidByBuyer, current
    case showing, filtersLine, sortsLine, availableFilters, nextPage, noResults, pastTheEnd
    case labelPrice, labelCondition, labelStatus, labelAvailable, labelShipping, labelWarranty, labelSellerIn, labelLink
    case labelAttributes, labelPictures, labelDescription, none
    case categoryPath, categoryItems, subcategories, noSubcategories
    // site
    case siteFrom, siteSet, siteForgotten, clearTakesNoID, cannotRemove, cannotSaveSite, siteOverridden, badSite
    // search
    case emptyQuery, badLimit, pageWithOffset, badPage, badOffset, badFilter, badPriceFilter
    // env
    case envFileLabel, filesReadLabel, directoriesLabel, settingsLabel
    case reasonFlag, reasonVariable, reasonInstalled, reasonRepository
    // Environment files
    case cannotReadEnvFile, cannotInclude, cannotIncludeMissing, includeCycle, includeTooDeep, invalidUTF8, commentContinues
    case unknownDirective, expectedIncludePath, unterminatedPath, emptyIncludePath, unexpectedAfterPath, unexpectedAfterQuote
    case expectedSettingName, conditionalSetting, invalidNameCharacter, expectedEquals, unterminatedQuote, unknownEscape
    case unterminatedReference, invalidReference, referenceCycle, referenceCycleSelf, undefinedReference
    case unknownKey, unknownKeySuggestion, keyNotSet, noEnvFile, noEnvFileLooked, noHome
    case badBaseURL, badLogLevel, badSiteID, badTimeout, badCacheTTL, badCacheSize, environmentOnlyKey
    case urlNoScheme, urlScheme, urlNoHost, urlPlainHTTP, urlCredentials, urlQuery, urlPort, urlSandboxPath
    // Cache and offline use
    case notCached, notCachedHint, staleOffline, staleServer, offlineWithNoCache, offlineNeedsNetwork
    case ageJustNow, ageSeconds, ageMinute, ageMinutes, ageHour, ageHours, ageDay, ageDays
    case cacheLocation, cacheEntries, cacheSize, cacheLimit, cacheLifetimes, cacheLifetimesValue, cacheOff, cacheSandbox
    case cacheCleared, cannotClearCache
    // Authentication
    case resourceTokenEndpoint, loginExpired, loginExpiredHint, loginRefused, loginRefusedHint
    case credentialsUnreadable, credentialsTooOpen, credentialsTooOpenHint, credentialsDamaged, credentialsDamagedHint
    case credentialsUnwritable, credentialsLocked
    case authOpenURL, authCodePrompt, authNoCode, authNoCodeHint, authMissingSetting, authMissingSettingHint
    case authLoggedIn, authUnknownUser, authStatusFile, authStatusEnvironment, authStatusEnvironmentShadows
    case authExpires, authExpired, authNotLoggedIn, authNotLoggedInHint, authLoggedOut, authNothingToRemove
    case authEnvironmentStillSet, authSandbox
    // completion
    case badShell
    // update
    case updateCannotSave, updateNoFeed, updateNoFeedHint, updateFeedMissing, updateFeedUnreadable, updateNoBuilds, updateUpToDate, updateAvailable, updateInstallHint, updateNotInstalled, updateNotInstalledHint, updateChecksumMismatch
    case answerTooLarge, updateFeedTooLarge, updateDownloadTooLarge, updateFeedAddress, updateFeedAddressHint, updateFeedScheme, updateFeedUnreachableHint, updateDownloadMissing
    // self install, rollback, uninstall
    case installNoHome, installNoHomeHint, installNoBuild
    case installRefused, refusedBadName, refusedOtherBinary, refusedOtherBinaryHint, refusedOtherPlatform, refusedNoChecksums, refusedNoChecksumsHint, refusedNoChecksumLine
    case refusedChecksumMismatch, refusedDownloadAgainHint, refusedNotGzip, refusedTruncated, refusedDamagedHeader, refusedAbsolutePath, refusedClimbsOut, refusedOutsideFolder
    case refusedControlCharacters, refusedHardLink, refusedSpecialFile, refusedUnsupportedEntry, refusedLinkLeadsOut, refusedEntryUnderLink, refusedDuplicate, refusedTooLarge
    case refusedTooManyEntries, refusedNoBinary, installUnreadable, installCannotWrite, installCannotWriteHint, installNotOurs, installNotOursHint, installBusy
    case installBusyHint, installNotInstalled, installPrefixHint, installNoPrevious, installBrokenVersion, installNoGzip, installNotAPackageFolder, installNotAPackageFolderHint
    case installInterrupted, installDone, installAlready, installPrevious, installNotOnPath, installManPath, rollbackDone, rollbackAgain
    case uninstallDone, uninstallKept, uninstallLeft
    case refusedNotSemanticVersion, refusedVersionMismatch, installLinkedFolder, installLinkedFolderHint, installLinkDoesNotResolve, installLinkDoesNotResolveHint
    // update channel: a feed key per binary, the binary check, the notifier, update --check
    case retiredFeedKey, updateWrongBinary, updateWrongBinaryHint, updateNoFeedExample
    case notifyNewerQA, notifyNewerProduction, notifyNewerDev, notifyMoreChanges, notifyGetIt, notifyExpired, updateChangesSince, updateBuildHeading, updateNoChanges, updateJSONNeedsCheck
}
