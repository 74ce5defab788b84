// Writes tests/fixtures/catalogs/graph-like.openapi.json.gz: an OpenAPI 3.0 document shaped like
// Microsoft Graph's v1.0 description (entity paths nested by navigation property, OData query
// parameters, `microsoft.graph.*` schemas with allOf inheritance and nullable anyOf wrappers,
// actions and functions), 2,700 operations. No network here, so the catalog is generated; the
// same input gives the same bytes. Run: node --import tsx scripts/generate-graph-catalog.ts
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Operations in the document: Microsoft Graph v1.0 has about this many outside its `/me` mirror of `/users`. */
export const GRAPH_OPERATION_COUNT = 2700;
export const GRAPH_FIXTURE_FILE = new URL('../tests/fixtures/catalogs/graph-like.openapi.json.gz', import.meta.url);

type Schema = Record<string, unknown>;
type EntityType = { name: string; base?: string; properties: readonly string[]; navigation: readonly (readonly [string, string])[]; actions?: readonly string[]; functions?: readonly string[] };

const ENTITY: Schema = { $ref: '#/components/schemas/microsoft.graph.entity' };
const DATE_TIME_PATTERN = '^[0-9]{4,}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,12})?(Z|[+-][0-9][0-9]:[0-9][0-9])$';

/** Entity types: own properties (their schema follows from the name, as Graph's naming is regular), navigation properties and bound operations. */
const TYPES: readonly EntityType[] = [
  { name: 'directoryObject', properties: ['deletedDateTime'], navigation: [] },
  { name: 'outlookItem', properties: ['categories', 'changeKey', 'createdDateTime', 'lastModifiedDateTime'], navigation: [] },
  { name: 'baseItem', properties: ['createdBy', 'createdDateTime', 'description', 'eTag', 'lastModifiedBy', 'lastModifiedDateTime', 'name', 'parentReference', 'webUrl'], navigation: [] },
  {
    name: 'user', base: 'directoryObject',
    properties: ['accountEnabled', 'ageGroup', 'businessPhones', 'city', 'companyName', 'country', 'department', 'displayName', 'employeeId', 'givenName', 'jobTitle', 'mail', 'mailNickname', 'mobilePhone', 'officeLocation', 'onPremisesSyncEnabled', 'passwordPolicies', 'postalCode', 'preferredLanguage', 'surname', 'usageLocation', 'userPrincipalName', 'userType', 'createdDateTime', 'lastPasswordChangeDateTime'],
    navigation: [['messages', 'message'], ['mailFolders', 'mailFolder'], ['events', 'event'], ['calendars', 'calendar'], ['contacts', 'contact'], ['contactFolders', 'contactFolder'], ['drives', 'drive'], ['extensions', 'extension'], ['joinedTeams', 'team'], ['chats', 'chat'], ['onlineMeetings', 'onlineMeeting'], ['managedDevices', 'managedDevice'], ['appRoleAssignments', 'appRoleAssignment'], ['photos', 'profilePhoto']],
    actions: ['sendMail', 'assignLicense', 'changePassword', 'revokeSignInSessions', 'getMemberGroups', 'checkMemberGroups', 'exportPersonalData', 'translateExchangeIds'],
    functions: ['reminderView', 'findRooms'],
  },
  {
    name: 'group', base: 'directoryObject',
    properties: ['allowExternalSenders', 'classification', 'createdDateTime', 'description', 'displayName', 'expirationDateTime', 'groupTypes', 'isAssignableToRole', 'mail', 'mailEnabled', 'mailNickname', 'membershipRule', 'preferredDataLocation', 'renewedDateTime', 'securityEnabled', 'theme', 'visibility'],
    navigation: [['conversations', 'conversation'], ['threads', 'conversationThread'], ['events', 'event'], ['calendarView', 'event'], ['sites', 'site'], ['drives', 'drive'], ['extensions', 'extension'], ['photos', 'profilePhoto'], ['settings', 'groupSetting'], ['appRoleAssignments', 'appRoleAssignment']],
    actions: ['addFavorite', 'removeFavorite', 'subscribeByMail', 'unsubscribeByMail', 'renew', 'resetUnseenCount', 'validateProperties'],
  },
  {
    name: 'message', base: 'outlookItem',
    properties: ['bccRecipients', 'body', 'bodyPreview', 'ccRecipients', 'conversationId', 'flag', 'from', 'hasAttachments', 'importance', 'inferenceClassification', 'internetMessageId', 'isDeliveryReceiptRequested', 'isDraft', 'isRead', 'isReadReceiptRequested', 'parentFolderId', 'receivedDateTime', 'replyTo', 'sender', 'sentDateTime', 'subject', 'toRecipients', 'webLink'],
    navigation: [['attachments', 'attachment'], ['extensions', 'extension']],
    actions: ['send', 'reply', 'replyAll', 'forward', 'move', 'copy', 'createReply', 'createForward'],
    functions: ['delta'],
  },
  { name: 'mailFolder', base: 'entity', properties: ['childFolderCount', 'displayName', 'isHidden', 'parentFolderId', 'totalItemCount', 'unreadItemCount'], navigation: [['messages', 'message'], ['childFolders', 'mailFolder'], ['messageRules', 'messageRule']], actions: ['move', 'copy'], functions: ['delta'] },
  { name: 'messageRule', base: 'entity', properties: ['displayName', 'hasError', 'isEnabled', 'isReadOnly', 'sequence'], navigation: [] },
  {
    name: 'event', base: 'outlookItem',
    properties: ['allowNewTimeProposals', 'attendees', 'body', 'bodyPreview', 'end', 'hasAttachments', 'iCalUId', 'importance', 'isAllDay', 'isCancelled', 'isOnlineMeeting', 'isOrganizer', 'location', 'onlineMeetingUrl', 'organizer', 'originalStartTimeZone', 'recurrence', 'reminderMinutesBeforeStart', 'responseRequested', 'sensitivity', 'seriesMasterId', 'showAs', 'start', 'subject', 'webLink'],
    navigation: [['attachments', 'attachment'], ['extensions', 'extension'], ['instances', 'event']],
    actions: ['accept', 'decline', 'tentativelyAccept', 'cancel', 'forward', 'snoozeReminder', 'dismissReminder'],
    functions: ['delta'],
  },
  { name: 'calendar', base: 'entity', properties: ['allowedOnlineMeetingProviders', 'canEdit', 'canShare', 'canViewPrivateItems', 'changeKey', 'color', 'defaultOnlineMeetingProvider', 'hexColor', 'isDefaultCalendar', 'isRemovable', 'isTallyingResponses', 'name', 'owner'], navigation: [['events', 'event'], ['calendarPermissions', 'calendarPermission'], ['calendarView', 'event']], functions: ['getSchedule'] },
  { name: 'calendarPermission', base: 'entity', properties: ['allowedRoles', 'emailAddress', 'isInsideOrganization', 'isRemovable', 'role'], navigation: [] },
  { name: 'contact', base: 'outlookItem', properties: ['birthday', 'businessAddress', 'businessPhones', 'companyName', 'department', 'displayName', 'emailAddresses', 'givenName', 'homeAddress', 'imAddresses', 'jobTitle', 'mobilePhone', 'nickName', 'parentFolderId', 'personalNotes', 'surname'], navigation: [['extensions', 'extension']], functions: ['delta'] },
  { name: 'contactFolder', base: 'entity', properties: ['displayName', 'parentFolderId'], navigation: [['contacts', 'contact'], ['childFolders', 'contactFolder']], functions: ['delta'] },
  { name: 'attachment', base: 'entity', properties: ['contentType', 'isInline', 'lastModifiedDateTime', 'name', 'size'], navigation: [], actions: ['createUploadSession'] },
  { name: 'extension', base: 'entity', properties: [], navigation: [] },
  { name: 'profilePhoto', base: 'entity', properties: ['height', 'width'], navigation: [] },
  { name: 'conversation', base: 'entity', properties: ['hasAttachments', 'lastDeliveredDateTime', 'preview', 'topic', 'uniqueSenders'], navigation: [['threads', 'conversationThread']] },
  { name: 'conversationThread', base: 'entity', properties: ['ccRecipients', 'hasAttachments', 'isLocked', 'lastDeliveredDateTime', 'preview', 'topic', 'toRecipients', 'uniqueSenders'], navigation: [['posts', 'post']], actions: ['reply'] },
  { name: 'post', base: 'outlookItem', properties: ['body', 'conversationId', 'conversationThreadId', 'from', 'hasAttachments', 'receivedDateTime', 'sender'], navigation: [['attachments', 'attachment'], ['extensions', 'extension']], actions: ['forward', 'reply'] },
  { name: 'groupSetting', base: 'entity', properties: ['displayName', 'templateId'], navigation: [] },
  { name: 'site', base: 'baseItem', properties: ['displayName', 'isPersonalSite', 'siteCollection'], navigation: [['lists', 'list'], ['drives', 'drive'], ['columns', 'columnDefinition'], ['contentTypes', 'contentType'], ['permissions', 'permission'], ['sites', 'site'], ['pages', 'sitePage']], functions: ['getApplicableContentTypesForList', 'getByPath'] },
  { name: 'list', base: 'baseItem', properties: ['displayName', 'list', 'system'], navigation: [['items', 'listItem'], ['columns', 'columnDefinition'], ['contentTypes', 'contentType'], ['subscriptions', 'subscription'], ['operations', 'richLongRunningOperation']] },
  { name: 'listItem', base: 'baseItem', properties: ['contentType', 'sharepointIds'], navigation: [['versions', 'listItemVersion'], ['documentSetVersions', 'documentSetVersion']], actions: ['createLink'], functions: ['getActivitiesByInterval'] },
  { name: 'listItemVersion', base: 'entity', properties: ['lastModifiedBy', 'lastModifiedDateTime', 'publication'], navigation: [], actions: ['restoreVersion'] },
  { name: 'documentSetVersion', base: 'entity', properties: ['comment', 'createdBy', 'createdDateTime', 'shouldCaptureMinorVersion'], navigation: [], actions: ['restore'] },
  { name: 'columnDefinition', base: 'entity', properties: ['columnGroup', 'description', 'displayName', 'enforceUniqueValues', 'hidden', 'indexed', 'isDeletable', 'isReorderable', 'isSealed', 'name', 'propagateChanges', 'readOnly', 'required'], navigation: [] },
  { name: 'contentType', base: 'entity', properties: ['associatedHubsUrls', 'description', 'documentSet', 'group', 'hidden', 'isBuiltIn', 'name', 'propagateChanges', 'readOnly', 'sealed'], navigation: [['columns', 'columnDefinition']], actions: ['publish', 'unpublish', 'copyToDefaultContentLocation'], functions: ['isPublished'] },
  { name: 'permission', base: 'entity', properties: ['expirationDateTime', 'hasPassword', 'roles', 'shareId'], navigation: [], actions: ['grant'] },
  { name: 'sitePage', base: 'baseItem', properties: ['pageLayout', 'promotionKind', 'showComments', 'showRecommendedPages', 'thumbnailWebUrl', 'title'], navigation: [] },
  { name: 'richLongRunningOperation', base: 'entity', properties: ['createdDateTime', 'lastActionDateTime', 'percentageComplete', 'resourceId', 'resourceLocation', 'status', 'statusDetail', 'type'], navigation: [] },
  { name: 'drive', base: 'baseItem', properties: ['driveType', 'owner', 'quota', 'system'], navigation: [['items', 'driveItem'], ['following', 'driveItem'], ['special', 'driveItem']], functions: ['recent', 'sharedWithMe', 'search'] },
  { name: 'driveItem', base: 'baseItem', properties: ['audio', 'cTag', 'deleted', 'file', 'fileSystemInfo', 'folder', 'image', 'location', 'malware', 'package', 'photo', 'publication', 'root', 'searchResult', 'shared', 'size', 'specialFolder', 'video', 'webDavUrl'], navigation: [['children', 'driveItem'], ['permissions', 'permission'], ['thumbnails', 'thumbnailSet'], ['versions', 'driveItemVersion'], ['subscriptions', 'subscription']], actions: ['copy', 'createLink', 'createUploadSession', 'invite', 'checkin', 'checkout', 'preview', 'restore', 'follow', 'unfollow'], functions: ['delta', 'search'] },
  { name: 'thumbnailSet', base: 'entity', properties: ['large', 'medium', 'small', 'source'], navigation: [] },
  { name: 'driveItemVersion', base: 'entity', properties: ['lastModifiedBy', 'lastModifiedDateTime', 'publication', 'size'], navigation: [], actions: ['restoreVersion'] },
  { name: 'subscription', base: 'entity', properties: ['applicationId', 'changeType', 'clientState', 'creatorId', 'encryptionCertificate', 'encryptionCertificateId', 'expirationDateTime', 'includeResourceData', 'latestSupportedTlsVersion', 'lifecycleNotificationUrl', 'notificationUrl', 'resource'], navigation: [], actions: ['reauthorize'] },
  { name: 'team', base: 'entity', properties: ['classification', 'createdDateTime', 'description', 'displayName', 'funSettings', 'guestSettings', 'internalId', 'isArchived', 'memberSettings', 'messagingSettings', 'specialization', 'tenantId', 'visibility', 'webUrl'], navigation: [['channels', 'channel'], ['members', 'conversationMember'], ['installedApps', 'teamsAppInstallation'], ['operations', 'teamsAsyncOperation'], ['tags', 'teamworkTag']], actions: ['archive', 'unarchive', 'clone', 'completeMigration', 'sendActivityNotification'] },
  { name: 'channel', base: 'entity', properties: ['createdDateTime', 'description', 'displayName', 'email', 'isFavoriteByDefault', 'membershipType', 'tenantId', 'webUrl'], navigation: [['messages', 'chatMessage'], ['members', 'conversationMember'], ['tabs', 'teamsTab'], ['sharedWithTeams', 'sharedWithChannelTeamInfo']], actions: ['completeMigration', 'provisionEmail', 'removeEmail'], functions: ['doesUserHaveAccess'] },
  { name: 'chatMessage', base: 'entity', properties: ['attachments', 'body', 'channelIdentity', 'chatId', 'createdDateTime', 'deletedDateTime', 'etag', 'from', 'importance', 'lastEditedDateTime', 'lastModifiedDateTime', 'locale', 'mentions', 'messageType', 'replyToId', 'subject', 'summary', 'webUrl'], navigation: [['replies', 'chatMessage'], ['hostedContents', 'chatMessageHostedContent']], actions: ['softDelete', 'undoSoftDelete', 'setReaction', 'unsetReaction'], functions: ['delta'] },
  { name: 'chatMessageHostedContent', base: 'entity', properties: ['contentBytes', 'contentType'], navigation: [] },
  { name: 'chat', base: 'entity', properties: ['chatType', 'createdDateTime', 'lastUpdatedDateTime', 'onlineMeetingInfo', 'tenantId', 'topic', 'webUrl'], navigation: [['messages', 'chatMessage'], ['members', 'conversationMember'], ['installedApps', 'teamsAppInstallation'], ['tabs', 'teamsTab'], ['pinnedMessages', 'pinnedChatMessageInfo']], actions: ['hideForUser', 'unhideForUser', 'markChatReadForUser', 'markChatUnreadForUser', 'sendActivityNotification'] },
  { name: 'conversationMember', base: 'entity', properties: ['displayName', 'roles', 'visibleHistoryStartDateTime'], navigation: [], actions: ['add', 'remove'] },
  { name: 'teamsAppInstallation', base: 'entity', properties: ['consentedPermissionSet'], navigation: [], actions: ['upgrade'] },
  { name: 'teamsAsyncOperation', base: 'entity', properties: ['attemptsCount', 'createdDateTime', 'error', 'lastActionDateTime', 'operationType', 'status', 'targetResourceId', 'targetResourceLocation'], navigation: [] },
  { name: 'teamworkTag', base: 'entity', properties: ['description', 'displayName', 'memberCount', 'tagType', 'teamId'], navigation: [['members', 'teamworkTagMember']] },
  { name: 'teamworkTagMember', base: 'entity', properties: ['displayName', 'tenantId', 'userId'], navigation: [] },
  { name: 'teamsTab', base: 'entity', properties: ['configuration', 'displayName', 'webUrl'], navigation: [] },
  { name: 'sharedWithChannelTeamInfo', base: 'entity', properties: ['displayName', 'tenantId', 'isHostTeam'], navigation: [] },
  { name: 'pinnedChatMessageInfo', base: 'entity', properties: [], navigation: [] },
  { name: 'onlineMeeting', base: 'entity', properties: ['allowAttendeeToEnableCamera', 'allowAttendeeToEnableMic', 'allowMeetingChat', 'allowTeamworkReactions', 'allowedPresenters', 'chatInfo', 'creationDateTime', 'endDateTime', 'externalId', 'isEntryExitAnnounced', 'joinWebUrl', 'lobbyBypassSettings', 'participants', 'recordAutomatically', 'startDateTime', 'subject', 'videoTeleconferenceId'], navigation: [['attendanceReports', 'meetingAttendanceReport'], ['transcripts', 'callTranscript'], ['recordings', 'callRecording']], functions: ['getVirtualAppointmentJoinWebUrl'] },
  { name: 'meetingAttendanceReport', base: 'entity', properties: ['meetingEndDateTime', 'meetingStartDateTime', 'totalParticipantCount'], navigation: [['attendanceRecords', 'attendanceRecord']] },
  { name: 'attendanceRecord', base: 'entity', properties: ['emailAddress', 'identity', 'role', 'totalAttendanceInSeconds'], navigation: [] },
  { name: 'callTranscript', base: 'entity', properties: ['callId', 'contentCorrelationId', 'createdDateTime', 'endDateTime', 'meetingId', 'transcriptContentUrl'], navigation: [] },
  { name: 'callRecording', base: 'entity', properties: ['callId', 'contentCorrelationId', 'createdDateTime', 'endDateTime', 'meetingId', 'recordingContentUrl'], navigation: [] },
  { name: 'managedDevice', base: 'entity', properties: ['activationLockBypassCode', 'androidSecurityPatchLevel', 'azureADDeviceId', 'complianceGracePeriodExpirationDateTime', 'complianceState', 'deviceCategoryDisplayName', 'deviceEnrollmentType', 'deviceName', 'deviceRegistrationState', 'easActivated', 'emailAddress', 'enrolledDateTime', 'ethernetMacAddress', 'freeStorageSpaceInBytes', 'imei', 'isEncrypted', 'isSupervised', 'lastSyncDateTime', 'managedDeviceName', 'manufacturer', 'model', 'operatingSystem', 'osVersion', 'serialNumber', 'totalStorageSpaceInBytes', 'userPrincipalName'], navigation: [['deviceCompliancePolicyStates', 'deviceCompliancePolicyState'], ['deviceConfigurationStates', 'deviceConfigurationState'], ['logCollectionRequests', 'deviceLogCollectionResponse']], actions: ['retire', 'wipe', 'syncDevice', 'rebootNow', 'shutDown', 'locateDevice', 'remoteLock', 'resetPasscode', 'disableLostMode', 'bypassActivationLock', 'cleanWindowsDevice', 'logoutSharedAppleDeviceActiveUser', 'recoverPasscode', 'requestRemoteAssistance', 'updateWindowsDeviceAccount', 'windowsDefenderScan', 'windowsDefenderUpdateSignatures'] },
  { name: 'deviceCompliancePolicyState', base: 'entity', properties: ['displayName', 'platformType', 'settingCount', 'state', 'version'], navigation: [] },
  { name: 'deviceConfigurationState', base: 'entity', properties: ['displayName', 'platformType', 'settingCount', 'state', 'version'], navigation: [] },
  { name: 'deviceLogCollectionResponse', base: 'entity', properties: ['completedDateTime', 'enrolledByUser', 'expirationDateTime', 'initiatedByUserPrincipalName', 'managedDeviceId', 'receivedDateTime', 'requestedDateTime', 'size', 'status'], navigation: [], actions: ['createDownloadUrl'] },
  { name: 'appRoleAssignment', base: 'directoryObject', properties: ['appRoleId', 'createdDateTime', 'principalDisplayName', 'principalId', 'principalType', 'resourceDisplayName', 'resourceId'], navigation: [] },
  { name: 'application', base: 'directoryObject', properties: ['appId', 'applicationTemplateId', 'createdDateTime', 'description', 'disabledByMicrosoftStatus', 'displayName', 'groupMembershipClaims', 'identifierUris', 'isDeviceOnlyAuthSupported', 'isFallbackPublicClient', 'notes', 'publisherDomain', 'serviceManagementReference', 'signInAudience', 'tags', 'tokenEncryptionKeyId'], navigation: [['extensionProperties', 'extensionProperty'], ['federatedIdentityCredentials', 'federatedIdentityCredential'], ['appManagementPolicies', 'appManagementPolicy']], actions: ['addKey', 'addPassword', 'removeKey', 'removePassword', 'setVerifiedPublisher', 'unsetVerifiedPublisher', 'restore'], functions: ['delta'] },
  { name: 'extensionProperty', base: 'directoryObject', properties: ['appDisplayName', 'dataType', 'isMultiValued', 'isSyncedFromOnPremises', 'name', 'targetObjects'], navigation: [] },
  { name: 'federatedIdentityCredential', base: 'entity', properties: ['audiences', 'description', 'issuer', 'name', 'subject'], navigation: [] },
  { name: 'appManagementPolicy', base: 'directoryObject', properties: ['description', 'displayName', 'isEnabled'], navigation: [] },
  { name: 'servicePrincipal', base: 'directoryObject', properties: ['accountEnabled', 'alternativeNames', 'appDescription', 'appDisplayName', 'appId', 'appOwnerOrganizationId', 'appRoleAssignmentRequired', 'description', 'displayName', 'homepage', 'loginUrl', 'logoutUrl', 'notes', 'notificationEmailAddresses', 'preferredSingleSignOnMode', 'servicePrincipalNames', 'servicePrincipalType', 'signInAudience', 'tags'], navigation: [['appRoleAssignments', 'appRoleAssignment'], ['appRoleAssignedTo', 'appRoleAssignment'], ['delegatedPermissionClassifications', 'delegatedPermissionClassification'], ['endpoints', 'endpoint'], ['synchronization/jobs', 'synchronizationJob']], actions: ['addKey', 'addPassword', 'addTokenSigningCertificate', 'removeKey', 'removePassword', 'restore'], functions: ['delta'] },
  { name: 'delegatedPermissionClassification', base: 'entity', properties: ['classification', 'permissionId', 'permissionName'], navigation: [] },
  { name: 'endpoint', base: 'directoryObject', properties: ['capability', 'providerId', 'providerName', 'providerResourceId', 'uri'], navigation: [] },
  { name: 'synchronizationJob', base: 'entity', properties: ['schedule', 'status', 'synchronizationJobSettings', 'templateId'], navigation: [], actions: ['pause', 'start', 'restart', 'provisionOnDemand', 'validateCredentials'] },
  { name: 'device', base: 'directoryObject', properties: ['accountEnabled', 'approximateLastSignInDateTime', 'complianceExpirationDateTime', 'deviceId', 'deviceMetadata', 'deviceVersion', 'displayName', 'isCompliant', 'isManaged', 'manufacturer', 'mdmAppId', 'model', 'onPremisesLastSyncDateTime', 'onPremisesSyncEnabled', 'operatingSystem', 'operatingSystemVersion', 'physicalIds', 'profileType', 'registrationDateTime', 'trustType'], navigation: [['extensions', 'extension']], functions: ['delta'] },
  { name: 'educationClass', base: 'entity', properties: ['classCode', 'createdBy', 'description', 'displayName', 'externalId', 'externalName', 'externalSource', 'externalSourceDetail', 'grade', 'mailNickname', 'term'], navigation: [['assignments', 'educationAssignment'], ['assignmentCategories', 'educationCategory'], ['modules', 'educationModule']], functions: ['delta'] },
  { name: 'educationAssignment', base: 'entity', properties: ['addedStudentAction', 'addToCalendarAction', 'allowLateSubmissions', 'allowStudentsToAddResourcesToSubmission', 'assignDateTime', 'assignedDateTime', 'classId', 'closeDateTime', 'createdDateTime', 'displayName', 'dueDateTime', 'feedbackResourcesFolderUrl', 'grading', 'instructions', 'lastModifiedDateTime', 'notificationChannelUrl', 'resourcesFolderUrl', 'status', 'webUrl'], navigation: [['submissions', 'educationSubmission'], ['resources', 'educationAssignmentResource'], ['categories', 'educationCategory']], actions: ['publish', 'setUpFeedbackResourcesFolder', 'setUpResourcesFolder', 'activate', 'deactivate'] },
  { name: 'educationSubmission', base: 'entity', properties: ['excusedDateTime', 'lastModifiedDateTime', 'reassignedDateTime', 'recipient', 'resourcesFolderUrl', 'returnedDateTime', 'status', 'submittedDateTime', 'unsubmittedDateTime', 'webUrl'], navigation: [['outcomes', 'educationOutcome'], ['resources', 'educationSubmissionResource'], ['submittedResources', 'educationSubmissionResource']], actions: ['excuse', 'reassign', 'return', 'setUpResourcesFolder', 'submit', 'unsubmit'] },
  { name: 'educationOutcome', base: 'entity', properties: ['lastModifiedBy', 'lastModifiedDateTime'], navigation: [] },
  { name: 'educationSubmissionResource', base: 'entity', properties: ['assignmentResourceUrl', 'resource'], navigation: [] },
  { name: 'educationAssignmentResource', base: 'entity', properties: ['distributeForStudentWork', 'resource'], navigation: [] },
  { name: 'educationCategory', base: 'entity', properties: ['displayName'], navigation: [] },
  { name: 'educationModule', base: 'entity', properties: ['createdDateTime', 'description', 'displayName', 'isPinned', 'lastModifiedDateTime', 'resourcesFolderUrl', 'status'], navigation: [['resources', 'educationModuleResource']], actions: ['pin', 'publish', 'setUpResourcesFolder', 'unpin'] },
  { name: 'educationModuleResource', base: 'entity', properties: ['createdDateTime', 'lastModifiedDateTime', 'resource'], navigation: [] },
  { name: 'educationSchool', base: 'entity', properties: ['address', 'description', 'displayName', 'externalId', 'externalPrincipalId', 'externalSource', 'fax', 'highestGrade', 'lowestGrade', 'phone', 'principalEmail', 'principalName', 'schoolNumber'], navigation: [['administrativeUnit/extensions', 'extension']], functions: ['delta'] },
  { name: 'bookingBusiness', base: 'entity', properties: ['address', 'bookingPageSettings', 'businessHours', 'businessType', 'defaultCurrencyIso', 'displayName', 'email', 'isPublished', 'languageTag', 'phone', 'publicUrl', 'schedulingPolicy', 'webSiteUrl'], navigation: [['appointments', 'bookingAppointment'], ['calendarView', 'bookingAppointment'], ['customers', 'bookingCustomer'], ['services', 'bookingService'], ['staffMembers', 'bookingStaffMember'], ['customQuestions', 'bookingCustomQuestion']], actions: ['publish', 'unpublish'], functions: ['getStaffAvailability'] },
  { name: 'bookingAppointment', base: 'entity', properties: ['additionalInformation', 'anonymousJoinWebUrl', 'customerEmailAddress', 'customerName', 'customerNotes', 'customerPhone', 'customerTimeZone', 'endDateTime', 'isLocationOnline', 'joinWebUrl', 'maximumAttendeesCount', 'optOutOfCustomerEmail', 'postBuffer', 'preBuffer', 'price', 'priceType', 'selfServiceAppointmentId', 'serviceId', 'serviceName', 'serviceNotes', 'smsNotificationsEnabled', 'staffMemberIds', 'startDateTime'], navigation: [], actions: ['cancel'] },
  { name: 'bookingCustomer', base: 'entity', properties: ['addresses', 'createdDateTime', 'displayName', 'emailAddress', 'lastUpdatedDateTime', 'phones'], navigation: [] },
  { name: 'bookingService', base: 'entity', properties: ['additionalInformation', 'createdDateTime', 'defaultDuration', 'defaultPrice', 'defaultPriceType', 'description', 'displayName', 'isAnonymousJoinEnabled', 'isHiddenFromCustomers', 'isLocationOnline', 'languageTag', 'maximumAttendeesCount', 'notes', 'postBuffer', 'preBuffer', 'smsNotificationsEnabled', 'staffMemberIds', 'webUrl'], navigation: [] },
  { name: 'bookingStaffMember', base: 'entity', properties: ['availabilityIsAffectedByPersonalCalendar', 'createdDateTime', 'displayName', 'emailAddress', 'isEmailNotificationEnabled', 'lastUpdatedDateTime', 'membershipStatus', 'role', 'timeZone', 'useBusinessHours'], navigation: [] },
  { name: 'bookingCustomQuestion', base: 'entity', properties: ['answerInputType', 'answerOptions', 'createdDateTime', 'displayName', 'lastUpdatedDateTime'], navigation: [] },
  { name: 'printer', base: 'entity', properties: ['capabilities', 'defaults', 'displayName', 'hasPhysicalDevice', 'isAcceptingJobs', 'isShared', 'lastSeenDateTime', 'location', 'manufacturer', 'model', 'registeredDateTime', 'status'], navigation: [['jobs', 'printJob'], ['taskTriggers', 'printTaskTrigger']], actions: ['restoreFactoryDefaults'] },
  { name: 'printJob', base: 'entity', properties: ['acknowledgedDateTime', 'configuration', 'createdBy', 'createdDateTime', 'errorCode', 'isFetchable', 'redirectedFrom', 'redirectedTo', 'status'], navigation: [['tasks', 'printTask'], ['documents', 'printDocument']], actions: ['abort', 'cancel', 'redirect', 'start'] },
  { name: 'printTask', base: 'entity', properties: ['parentUrl', 'status'], navigation: [] },
  { name: 'printDocument', base: 'entity', properties: ['contentType', 'displayName', 'downloadedDateTime', 'size', 'uploadedDateTime'], navigation: [], actions: ['createUploadSession'] },
  { name: 'printTaskTrigger', base: 'entity', properties: ['event'], navigation: [] },
  { name: 'plannerPlan', base: 'entity', properties: ['container', 'createdBy', 'createdDateTime', 'owner', 'title'], navigation: [['buckets', 'plannerBucket'], ['tasks', 'plannerTask']] },
  { name: 'plannerBucket', base: 'entity', properties: ['name', 'orderHint', 'planId'], navigation: [['tasks', 'plannerTask']] },
  { name: 'plannerTask', base: 'entity', properties: ['activeChecklistItemCount', 'appliedCategories', 'assigneePriority', 'assignments', 'bucketId', 'checklistItemCount', 'completedBy', 'completedDateTime', 'conversationThreadId', 'createdBy', 'createdDateTime', 'dueDateTime', 'hasDescription', 'orderHint', 'percentComplete', 'planId', 'previewType', 'priority', 'referenceCount', 'startDateTime', 'title'], navigation: [] },
  { name: 'todoTaskList', base: 'entity', properties: ['displayName', 'isOwner', 'isShared', 'wellknownListName'], navigation: [['tasks', 'todoTask'], ['extensions', 'extension']], functions: ['delta'] },
  { name: 'todoTask', base: 'entity', properties: ['body', 'bodyLastModifiedDateTime', 'categories', 'completedDateTime', 'createdDateTime', 'dueDateTime', 'hasAttachments', 'importance', 'isReminderOn', 'lastModifiedDateTime', 'recurrence', 'reminderDateTime', 'startDateTime', 'status', 'title'], navigation: [['attachments', 'taskFileAttachment'], ['checklistItems', 'checklistItem'], ['linkedResources', 'linkedResource'], ['extensions', 'extension']], functions: ['delta'] },
  { name: 'taskFileAttachment', base: 'entity', properties: ['contentBytes', 'contentType', 'lastModifiedDateTime', 'name', 'size'], navigation: [], actions: ['createUploadSession'] },
  { name: 'checklistItem', base: 'entity', properties: ['checkedDateTime', 'createdDateTime', 'displayName', 'isChecked'], navigation: [] },
  { name: 'linkedResource', base: 'entity', properties: ['applicationName', 'displayName', 'externalId', 'webUrl'], navigation: [] },
  { name: 'notebook', base: 'entity', properties: ['createdDateTime', 'displayName', 'isDefault', 'isShared', 'lastModifiedDateTime', 'links', 'sectionGroupsUrl', 'sectionsUrl', 'self', 'userRole'], navigation: [['sections', 'onenoteSection'], ['sectionGroups', 'sectionGroup']], actions: ['copyNotebook'] },
  { name: 'sectionGroup', base: 'entity', properties: ['createdDateTime', 'displayName', 'lastModifiedDateTime', 'sectionGroupsUrl', 'sectionsUrl', 'self'], navigation: [['sections', 'onenoteSection'], ['sectionGroups', 'sectionGroup']] },
  { name: 'onenoteSection', base: 'entity', properties: ['createdDateTime', 'displayName', 'isDefault', 'lastModifiedDateTime', 'links', 'pagesUrl', 'self'], navigation: [['pages', 'onenotePage']], actions: ['copyToNotebook', 'copyToSectionGroup'] },
  { name: 'onenotePage', base: 'entity', properties: ['content', 'contentUrl', 'createdByAppId', 'createdDateTime', 'lastModifiedDateTime', 'level', 'links', 'order', 'self', 'title', 'userTags'], navigation: [], actions: ['copyToSection', 'onenotePatchContent'], functions: ['preview'] },
  { name: 'alert', base: 'entity', properties: ['actorDisplayName', 'alertWebUrl', 'assignedTo', 'category', 'classification', 'createdDateTime', 'description', 'detectionSource', 'detectorId', 'determination', 'firstActivityDateTime', 'incidentId', 'incidentWebUrl', 'lastActivityDateTime', 'lastUpdateDateTime', 'mitreTechniques', 'providerAlertId', 'recommendedActions', 'resolvedDateTime', 'serviceSource', 'severity', 'status', 'tenantId', 'threatDisplayName', 'threatFamilyName', 'title'], navigation: [] },
  { name: 'incident', base: 'entity', properties: ['assignedTo', 'classification', 'createdDateTime', 'customTags', 'description', 'determination', 'displayName', 'incidentWebUrl', 'lastModifiedBy', 'lastUpdateDateTime', 'redirectIncidentId', 'resolvingComment', 'severity', 'status', 'summary', 'systemTags', 'tenantId'], navigation: [['alerts', 'alert']] },
  { name: 'signIn', base: 'entity', properties: ['appDisplayName', 'appId', 'clientAppUsed', 'conditionalAccessStatus', 'correlationId', 'createdDateTime', 'deviceDetail', 'ipAddress', 'isInteractive', 'location', 'resourceDisplayName', 'resourceId', 'riskDetail', 'riskLevelAggregated', 'riskLevelDuringSignIn', 'riskState', 'status', 'userDisplayName', 'userId', 'userPrincipalName'], navigation: [] },
  { name: 'directoryAudit', base: 'entity', properties: ['activityDateTime', 'activityDisplayName', 'category', 'correlationId', 'initiatedBy', 'loggedByService', 'operationType', 'result', 'resultReason', 'targetResources'], navigation: [] },
  { name: 'domain', base: 'entity', properties: ['authenticationType', 'availabilityStatus', 'isAdminManaged', 'isDefault', 'isInitial', 'isRoot', 'isVerified', 'manufacturer', 'model', 'passwordNotificationWindowInDays', 'passwordValidityPeriodInDays', 'supportedServices'], navigation: [['serviceConfigurationRecords', 'domainDnsRecord'], ['verificationDnsRecords', 'domainDnsRecord'], ['federationConfiguration', 'internalDomainFederation']], actions: ['forceDelete', 'promote', 'verify'] },
  { name: 'domainDnsRecord', base: 'entity', properties: ['isOptional', 'label', 'recordType', 'supportedService', 'ttl'], navigation: [] },
  { name: 'internalDomainFederation', base: 'entity', properties: ['activeSignInUri', 'displayName', 'federatedIdpMfaBehavior', 'isSignedAuthenticationRequestRequired', 'issuerUri', 'metadataExchangeUri', 'nextSigningCertificate', 'passiveSignInUri', 'preferredAuthenticationProtocol', 'signingCertificate', 'signOutUri'], navigation: [] },
  { name: 'organization', base: 'directoryObject', properties: ['businessPhones', 'city', 'country', 'countryLetterCode', 'createdDateTime', 'displayName', 'marketingNotificationEmails', 'onPremisesLastSyncDateTime', 'onPremisesSyncEnabled', 'postalCode', 'preferredLanguage', 'securityComplianceNotificationMails', 'state', 'street', 'technicalNotificationMails', 'tenantType'], navigation: [['extensions', 'extension'], ['certificateBasedAuthConfiguration', 'certificateBasedAuthConfiguration']], actions: ['setMobileDeviceManagementAuthority'] },
  { name: 'certificateBasedAuthConfiguration', base: 'entity', properties: [], navigation: [] },
  { name: 'contract', base: 'directoryObject', properties: ['contractType', 'customerId', 'defaultDomainName', 'displayName'], navigation: [], functions: ['delta'] },
  { name: 'conditionalAccessPolicy', base: 'entity', properties: ['conditions', 'createdDateTime', 'description', 'displayName', 'grantControls', 'modifiedDateTime', 'sessionControls', 'state', 'templateId'], navigation: [] },
  { name: 'namedLocation', base: 'entity', properties: ['createdDateTime', 'displayName', 'modifiedDateTime'], navigation: [] },
  { name: 'riskyUser', base: 'entity', properties: ['isDeleted', 'isProcessing', 'riskDetail', 'riskLastUpdatedDateTime', 'riskLevel', 'riskState', 'userDisplayName', 'userPrincipalName'], navigation: [['history', 'riskyUserHistoryItem']], actions: ['confirmCompromised', 'dismiss'] },
  { name: 'riskyUserHistoryItem', base: 'entity', properties: ['activity', 'initiatedBy', 'userId'], navigation: [] },
  { name: 'accessPackage', base: 'entity', properties: ['createdDateTime', 'description', 'displayName', 'isHidden', 'modifiedDateTime'], navigation: [['assignmentPolicies', 'accessPackageAssignmentPolicy'], ['resourceRoleScopes', 'accessPackageResourceRoleScope']], functions: ['getApplicablePolicyRequirements'] },
  { name: 'accessPackageAssignmentPolicy', base: 'entity', properties: ['allowedTargetScope', 'automaticRequestSettings', 'createdDateTime', 'description', 'displayName', 'expiration', 'modifiedDateTime', 'requestApprovalSettings', 'requestorSettings', 'reviewSettings'], navigation: [['customExtensionStageSettings', 'customExtensionStageSetting'], ['questions', 'accessPackageQuestion']] },
  { name: 'customExtensionStageSetting', base: 'entity', properties: ['stage'], navigation: [] },
  { name: 'accessPackageQuestion', base: 'entity', properties: ['isAnswerEditable', 'isRequired', 'localizations', 'sequence', 'text'], navigation: [] },
  { name: 'accessPackageResourceRoleScope', base: 'entity', properties: ['createdDateTime'], navigation: [] },
  { name: 'directoryRole', base: 'directoryObject', properties: ['description', 'displayName', 'roleTemplateId'], navigation: [['scopedMembers', 'scopedRoleMembership']], functions: ['delta'] },
  { name: 'scopedRoleMembership', base: 'entity', properties: ['administrativeUnitId', 'roleId', 'roleMemberInfo'], navigation: [] },
  { name: 'administrativeUnit', base: 'directoryObject', properties: ['description', 'displayName', 'membershipRule', 'membershipRuleProcessingState', 'membershipType', 'visibility'], navigation: [['scopedRoleMembers', 'scopedRoleMembership'], ['extensions', 'extension']], functions: ['delta'] },
  { name: 'callRecord', base: 'entity', properties: ['endDateTime', 'joinWebUrl', 'lastModifiedDateTime', 'modalities', 'organizer', 'startDateTime', 'type', 'version'], navigation: [['sessions', 'callSession'], ['participants_v2', 'callParticipant']] },
  { name: 'callSession', base: 'entity', properties: ['callee', 'caller', 'endDateTime', 'failureInfo', 'isTest', 'modalities', 'startDateTime'], navigation: [['segments', 'callSegment']] },
  { name: 'callSegment', base: 'entity', properties: ['callee', 'caller', 'endDateTime', 'failureInfo', 'media', 'startDateTime'], navigation: [] },
  { name: 'callParticipant', base: 'entity', properties: ['administrativeUnitInfos', 'identity'], navigation: [] },
  { name: 'agreement', base: 'entity', properties: ['displayName', 'isPerDeviceAcceptanceRequired', 'isViewingBeforeAcceptanceRequired', 'termsExpiration', 'userReacceptRequiredFrequency'], navigation: [['acceptances', 'agreementAcceptance'], ['files', 'agreementFileLocalization']] },
  { name: 'agreementAcceptance', base: 'entity', properties: ['agreementFileId', 'agreementId', 'deviceDisplayName', 'deviceId', 'deviceOSType', 'deviceOSVersion', 'expirationDateTime', 'recordedDateTime', 'state', 'userDisplayName', 'userEmail', 'userId', 'userPrincipalName'], navigation: [] },
  { name: 'agreementFileLocalization', base: 'entity', properties: ['createdDateTime', 'displayName', 'fileName', 'isDefault', 'isMajorVersion', 'language'], navigation: [] },
];

/** Entity sets and singletons' collections, each the root of its tree of paths. */
const ROOTS: readonly (readonly [string, string])[] = [
  ['users', 'user'], ['groups', 'group'], ['sites', 'site'], ['drives', 'drive'], ['teams', 'team'], ['chats', 'chat'],
  ['applications', 'application'], ['servicePrincipals', 'servicePrincipal'], ['devices', 'device'], ['deviceManagement/managedDevices', 'managedDevice'],
  ['education/classes', 'educationClass'], ['education/schools', 'educationSchool'], ['solutions/bookingBusinesses', 'bookingBusiness'],
  ['print/printers', 'printer'], ['planner/plans', 'plannerPlan'], ['planner/buckets', 'plannerBucket'], ['planner/tasks', 'plannerTask'],
  ['security/alerts_v2', 'alert'], ['security/incidents', 'incident'], ['auditLogs/signIns', 'signIn'], ['auditLogs/directoryAudits', 'directoryAudit'],
  ['subscriptions', 'subscription'], ['domains', 'domain'], ['organization', 'organization'], ['contracts', 'contract'],
  ['identity/conditionalAccess/policies', 'conditionalAccessPolicy'], ['identity/conditionalAccess/namedLocations', 'namedLocation'],
  ['identityProtection/riskyUsers', 'riskyUser'], ['identityGovernance/entitlementManagement/accessPackages', 'accessPackage'],
  ['directoryRoles', 'directoryRole'], ['directory/administrativeUnits', 'administrativeUnit'], ['communications/callRecords', 'callRecord'],
  ['communications/onlineMeetings', 'onlineMeeting'], ['identityGovernance/termsOfUse/agreements', 'agreement'],
  ['users/{user-id}/todo/lists', 'todoTaskList'], ['users/{user-id}/onenote/notebooks', 'notebook'], ['groups/{group-id}/onenote/notebooks', 'notebook'],
  ['sites/{site-id}/onenote/notebooks', 'notebook'],
];
/** Nesting depth of entity keys in a path, as deep as Graph's own (`/users/{id}/mailFolders/{id}/messages/{id}/attachments/{id}`). */
const MAX_DEPTH = 4;

const ENUMS: Record<string, readonly string[]> = {
  importance: ['low', 'normal', 'high'],
  sensitivity: ['normal', 'personal', 'private', 'confidential'],
  showAs: ['free', 'tentative', 'busy', 'oof', 'workingElsewhere', 'unknown'],
  status: ['notStarted', 'inProgress', 'completed', 'waitingOnOthers', 'deferred'],
  severity: ['unknown', 'informational', 'low', 'medium', 'high', 'unknownFutureValue'],
  visibility: ['private', 'public', 'hiddenMembership', 'unknownFutureValue'],
  complianceState: ['unknown', 'compliant', 'noncompliant', 'conflict', 'error', 'inGracePeriod', 'configManager'],
  messageType: ['message', 'chatEvent', 'typing', 'unknownFutureValue', 'systemEventMessage'],
  chatType: ['oneOnOne', 'group', 'meeting', 'unknownFutureValue'],
  membershipType: ['standard', 'private', 'unknownFutureValue', 'shared'],
  riskLevel: ['low', 'medium', 'high', 'hidden', 'none', 'unknownFutureValue'],
  state: ['enabled', 'disabled', 'enabledForReportingButNotEnforced'],
};
/** Complex types a property of this name holds (Graph's names are regular enough to tell). */
const COMPLEX: Record<string, string> = {
  body: 'itemBody', from: 'recipient', sender: 'recipient', organizer: 'recipient', flag: 'followupFlag', start: 'dateTimeTimeZone', end: 'dateTimeTimeZone',
  location: 'location', recurrence: 'patternedRecurrence', createdBy: 'identitySet', lastModifiedBy: 'identitySet', completedBy: 'identitySet', owner: 'identitySet',
  parentReference: 'itemReference', emailAddress: 'emailAddress', businessAddress: 'physicalAddress', homeAddress: 'physicalAddress', address: 'physicalAddress',
  file: 'file', folder: 'folder', quota: 'quota', shared: 'shared', fileSystemInfo: 'fileSystemInfo', error: 'publicError', identity: 'identity',
};
const COMPLEX_TYPES: Record<string, readonly string[]> = {
  itemBody: ['content', 'contentType'], recipient: ['emailAddress'], emailAddress: ['address', 'name'], followupFlag: ['completedDateTime', 'dueDateTime', 'flagStatus', 'startDateTime'],
  dateTimeTimeZone: ['dateTime', 'timeZone'], location: ['address', 'displayName', 'locationEmailAddress', 'locationUri', 'uniqueId'], patternedRecurrence: ['pattern', 'range'],
  identitySet: ['application', 'device', 'user'], identity: ['displayName', 'id'], itemReference: ['driveId', 'driveType', 'id', 'name', 'path', 'shareId', 'siteId'],
  physicalAddress: ['city', 'countryOrRegion', 'postalCode', 'state', 'street'], file: ['hashes', 'mimeType', 'processingMetadata'], folder: ['childCount', 'view'],
  quota: ['deleted', 'remaining', 'state', 'total', 'used'], shared: ['owner', 'scope', 'sharedBy', 'sharedDateTime'], fileSystemInfo: ['createdDateTime', 'lastAccessedDateTime', 'lastModifiedDateTime'],
  publicError: ['code', 'message', 'target'],
};

const byName = new Map(TYPES.map((type) => [type.name, type]));
const qualified = (name: string) => `microsoft.graph.${name}`;
const reference = (name: string): Schema => ({ $ref: `#/components/schemas/${qualified(name)}` });
const capitalize = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
const singular = (text: string) => (text.endsWith('ies') ? `${text.slice(0, -3)}y` : text.endsWith('ses') ? text.slice(0, -2) : text.endsWith('s') ? text.slice(0, -1) : text);
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();

/** A property's schema, from its name as Graph's conventions spell it. */
function describeProperty(property: string): Schema {
  const complex = COMPLEX[property];
  if (complex) return { anyOf: [reference(complex), { type: 'object', nullable: true }], description: `The ${words(property)}.` };
  const enumeration = ENUMS[property];
  if (enumeration) return { anyOf: [reference(`${property}Type`), { type: 'object', nullable: true }], description: `The ${words(property)}. The possible values are: ${enumeration.join(', ')}.` };
  if (property.endsWith('DateTime')) return { type: 'string', description: `The ${words(property)}. The Timestamp type represents date and time information using ISO 8601 format and is always in UTC time. For example, midnight UTC on Jan 1, 2014 is 2014-01-01T00:00:00Z.`, format: 'date-time', pattern: DATE_TIME_PATTERN, nullable: true };
  if (/^(is|has|allow|can)[A-Z]|Enabled$|Required$/.test(property) || ['hidden', 'readOnly', 'required', 'indexed', 'sealed', 'deleted', 'root'].includes(property)) return { type: 'boolean', description: `Indicates whether ${words(property)}.`, nullable: true };
  if (/Count$|InSeconds$|InBytes$|InDays$|Minutes|^size$|^ttl$|^sequence$|^level$|^order$|^height$|^width$|^percent/.test(property)) return { maximum: 2147483647, minimum: -2147483648, type: 'number', format: 'int32', nullable: true, description: `The ${words(property)}.` };
  if (/price|Price$/.test(property)) return { oneOf: [{ type: 'number', format: 'double', nullable: true }, { type: 'string', nullable: true }, { $ref: '#/components/schemas/ReferenceNumeric' }], description: `The ${words(property)}.` };
  if (/s$/.test(property) && !/(Address|Status|ss|us|Settings|Details|Rules|Links)$/.test(property)) return { type: 'array', items: { type: 'string', nullable: true }, description: `The ${words(property)}.` };
  return { type: 'string', description: `The ${words(property)}.`, nullable: true };
}

function entitySchema(type: EntityType): Schema {
  const own: Schema = { title: type.name, type: 'object', properties: Object.fromEntries(type.properties.map((property) => [property, describeProperty(property)])) };
  const navigation = Object.fromEntries(type.navigation.map(([property, target]) => [property.split('/').at(-1), { type: 'array', items: reference(target), description: `The ${words(property)}. Read-only. Nullable.`, 'x-ms-navigationProperty': true }]));
  Object.assign(own.properties as Schema, navigation, { '@odata.type': { type: 'string' } });
  return { allOf: [type.base === undefined || type.base === 'entity' ? ENTITY : reference(type.base), own] };
}

function components(): Schema {
  const schemas: Schema = {
    [qualified('entity')]: { title: 'entity', required: ['@odata.type'], type: 'object', properties: { id: { type: 'string', description: 'The unique identifier for an entity. Read-only.' }, '@odata.type': { type: 'string' } } },
    ReferenceNumeric: { enum: ['-INF', 'INF', 'NaN'], type: 'string', nullable: true },
  };
  for (const type of TYPES) schemas[qualified(type.name)] = entitySchema(type);
  for (const [name, properties] of Object.entries(COMPLEX_TYPES)) {
    schemas[qualified(name)] = { title: name, type: 'object', properties: Object.fromEntries([...properties.map((property) => [property, property === name ? { type: 'string', nullable: true } : describeProperty(property)]), ['@odata.type', { type: 'string' }]]) };
  }
  for (const [name, values] of Object.entries(ENUMS)) schemas[qualified(`${name}Type`)] = { title: `${name}Type`, enum: values, type: 'string' };
  const parameters = {
    top: { name: '$top', in: 'query', description: 'Show only the first n items', style: 'form', explode: false, schema: { minimum: 0, type: 'integer' }, example: 50 },
    skip: { name: '$skip', in: 'query', description: 'Skip the first n items', style: 'form', explode: false, schema: { minimum: 0, type: 'integer' } },
    search: { name: '$search', in: 'query', description: 'Search items by search phrases', style: 'form', explode: false, schema: { type: 'string' } },
    filter: { name: '$filter', in: 'query', description: 'Filter items by property values', style: 'form', explode: false, schema: { type: 'string' } },
    count: { name: '$count', in: 'query', description: 'Include count of items', style: 'form', explode: false, schema: { type: 'boolean' } },
    ConsistencyLevel: { name: 'ConsistencyLevel', in: 'header', description: 'Indicates the requested consistency level. Documentation URL: https://docs.microsoft.com/graph/aad-advanced-queries', style: 'simple', schema: { type: 'string' }, examples: { 'example-1': { description: "$search and $count queries require the client to set the ConsistencyLevel HTTP header to 'eventual'.", value: 'eventual' } } },
  };
  return { schemas, parameters };
}

type Operation = { path: string; method: string; operation: Schema };
type Segment = { collection: string; type: EntityType; key: string };

function keyParameter(segment: Segment): Schema {
  return { name: segment.key, in: 'path', description: `The unique identifier of ${segment.type.name}`, required: true, schema: { type: 'string' }, 'x-ms-docs-key-type': segment.type.name };
}

function allProperties(type: EntityType): string[] {
  const base = type.base === undefined || type.base === 'entity' ? ['id'] : allProperties(byName.get(type.base) as EntityType);
  return [...base, ...type.properties];
}

/** `$select`, `$orderby` and `$expand` list the entity's own names, as Graph's description does. */
function queryOptions(type: EntityType, list: boolean): Schema[] {
  const properties = allProperties(type);
  const expand = ['*', ...type.navigation.map(([property]) => property.split('/').at(-1) as string)];
  const array = (values: string[]) => ({ uniqueItems: true, type: 'array', items: { enum: values, type: 'string' } });
  const common = [
    { name: '$select', in: 'query', description: 'Select properties to be returned', style: 'form', explode: false, schema: array(properties) },
    { name: '$expand', in: 'query', description: 'Expand related entities', style: 'form', explode: false, schema: array(expand) },
  ];
  if (!list) return common;
  const ordering = properties.flatMap((property) => [property, `${property} desc`]);
  return [
    ...['top', 'skip', 'search', 'filter', 'count'].map((name) => ({ $ref: `#/components/parameters/${name}` })),
    { $ref: '#/components/parameters/ConsistencyLevel' },
    { name: '$orderby', in: 'query', description: 'Order items by property values', style: 'form', explode: false, schema: array(ordering) },
    ...common,
  ];
}

function operationsOf(chain: readonly Segment[]): Operation[] {
  const last = chain.at(-1) as Segment;
  const prefix = chain.slice(0, -1).map((segment) => `/${segment.collection}/{${segment.key}}`).join('');
  const collectionPath = `${prefix}/${last.collection}`;
  const itemPath = `${collectionPath}/{${last.key}}`;
  const tag = `${chain[0]?.collection.split('/')[0]}.${chain.length === 1 ? last.type.name : last.type.name}`;
  const idChain = chain.map((segment) => segment.collection.split('/').at(-1) as string);
  const owner = idChain.slice(0, -1).join('.');
  const noun = capitalize(idChain.at(-1) as string);
  const operationId = (verb: string) => (chain.length === 1 ? `${idChain[0]}.${last.type.name}.${verb}${capitalize(last.type.name)}` : `${owner}.${verb}${noun}`);
  const path = chain.slice(0, -1).map(keyParameter);
  const keys = [...path, keyParameter(last)];
  const what = words(last.collection.split('/').at(-1) as string);
  const parent = chain.length > 1 ? ` of ${words(chain.at(-2)?.type.name ?? '')}` : '';
  const docs = { description: 'Find more info here', url: `https://learn.microsoft.com/graph/api/${last.type.name.toLowerCase()}-list?view=graph-rest-1.0` };
  const body = (description: string) => ({ description, content: { 'application/json': { schema: reference(last.type.name) } }, required: true });
  const entity = words(last.type.name);
  const permissions = `Permissions: one of ${capitalize(last.type.name)}.Read.All, ${capitalize(last.type.name)}.ReadWrite.All (delegated, work or school account; application).`;
  const text = {
    list: `Get the ${what}${parent}. This API supports the OData query parameters $count, $expand, $filter, $orderby, $search, $select, $skip and $top to help customize the response; some queries are supported only with the ConsistencyLevel header set to eventual and $count. The default page size is 100 ${entity} objects and the maximum 999; follow @odata.nextLink to read the next page. ${permissions}`,
    create: `Create a new ${entity} object in the ${what}${parent}. Send the properties to set in the request body; properties that are not set take their default values. On success the response is 201 Created with the new ${entity} object, including its id, which later requests use as {${last.key}}. ${permissions}`,
    get: `Read the properties and relationships of a ${entity} object by its id. Use $select to choose the properties returned (a default set is returned otherwise) and $expand to include related entities in the same response. Returns 404 Not Found when no ${entity} has that id. ${permissions}`,
    update: `Update the properties of a ${entity} object. Only the properties in the request body change; the others keep their values. On success the response is 204 No Content; a concurrent change of the same ${entity} answers 412 Precondition Failed. ${permissions}`,
    delete: `Delete a ${entity} object. The object is removed at once and cannot be restored; the ${what}${parent} no longer list it. On success the response is 204 No Content. Pass its ETag in If-Match to delete it only when it is unchanged. ${permissions}`,
  };
  const operations: Operation[] = [
    { path: collectionPath, method: 'get', operation: { tags: [tag], summary: `List ${what}`, description: text.list, externalDocs: docs, operationId: operationId('List'), parameters: [...path, ...queryOptions(last.type, true)] } },
    { path: collectionPath, method: 'post', operation: { tags: [tag], summary: `Create ${singular(what)}`, description: text.create, externalDocs: docs, operationId: operationId('Create'), parameters: path, requestBody: body('New navigation property') } },
    { path: itemPath, method: 'get', operation: { tags: [tag], summary: `Get ${entity}`, description: text.get, externalDocs: docs, operationId: operationId('Get'), parameters: [...keys, ...queryOptions(last.type, false)] } },
    { path: itemPath, method: 'patch', operation: { tags: [tag], summary: `Update ${entity}`, description: text.update, externalDocs: docs, operationId: operationId('Update'), parameters: keys, requestBody: body('New navigation property values') } },
    { path: itemPath, method: 'delete', operation: { tags: [tag], summary: `Delete ${entity}`, description: text.delete, externalDocs: docs, operationId: operationId('Delete'), parameters: [...keys, { name: 'If-Match', in: 'header', description: 'ETag', style: 'simple', schema: { type: 'string' } }] } },
    { path: `${collectionPath}/$count`, method: 'get', operation: { tags: [tag], summary: `Get the number of the resource`, description: `Count the ${what}${parent} that match $filter and $search, without reading them. Requires the ConsistencyLevel header set to eventual. ${permissions}`, operationId: `${idChain.join('.')}.GetCount-${hash(collectionPath)}`, parameters: [...path, { $ref: '#/components/parameters/search' }, { $ref: '#/components/parameters/filter' }, { $ref: '#/components/parameters/ConsistencyLevel' }] } },
  ];
  for (const action of last.type.actions ?? []) {
    operations.push({
      path: `${itemPath}/microsoft.graph.${action}`, method: 'post',
      operation: {
        tags: [tag], summary: `Invoke action ${action}`, description: `${capitalize(words(action))} the ${words(last.type.name)} with the given id. The parameters go in the request body; the action runs at once and answers 204 No Content, or 202 Accepted with a Location header for one that continues in the background. Permissions: ${capitalize(last.type.name)}.ReadWrite.All.`, externalDocs: docs, operationId: `${idChain.join('.')}.${last.type.name}.${action}`, parameters: keys,
        requestBody: { description: 'Action parameters', content: { 'application/json': { schema: actionBody(action, last.type) } }, required: true },
      },
    });
  }
  for (const name of last.type.functions ?? []) {
    const bound = name === 'delta' ? `${collectionPath}/microsoft.graph.delta()` : `${itemPath}/microsoft.graph.${name}()`;
    operations.push({ path: bound, method: 'get', operation: { tags: [tag], summary: `Invoke function ${name}`, description: `${capitalize(words(name))} for the ${words(last.type.name)}. A function reads and changes nothing; it answers 200 OK with its result. ${name === 'delta' ? 'Call it first without a token to read everything, then with the @odata.deltaLink of the last page to read only what changed since. ' : ''}Permissions: ${capitalize(last.type.name)}.Read.All.`, externalDocs: docs, operationId: `${idChain.join('.')}.${last.type.name}.${name}`, parameters: [...(name === 'delta' ? path : keys), ...queryOptions(last.type, name === 'delta')] } });
  }
  for (const { path: at, method, operation } of operations) operation.description = `${String(operation.description)}\n\nHTTP request: ${method.toUpperCase()} https://graph.microsoft.com/v1.0${at}`;
  return operations;
}

/** Action bodies: a few typed fields, and (as Graph's are) open to more. */
function actionBody(action: string, type: EntityType): Schema {
  const fields: Record<string, Schema> = {
    Comment: { type: 'string', nullable: true },
    SendResponse: { type: 'boolean', default: false, nullable: true },
  };
  if (/^(reply|replyAll|forward|createReply|createForward|sendMail)$/.test(action)) {
    Object.assign(fields, { Message: { anyOf: [reference('message'), { type: 'object', nullable: true }] }, ToRecipients: { type: 'array', items: reference('recipient') }, SaveToSentItems: { type: 'boolean', default: false, nullable: true } });
  } else if (/^(move|copy)/.test(action)) {
    Object.assign(fields, { DestinationId: { type: 'string', nullable: true }, parentReference: { anyOf: [reference('itemReference'), { type: 'object', nullable: true }] }, name: { type: 'string', nullable: true } });
  } else if (/Upload/.test(action)) {
    Object.assign(fields, { AttachmentItem: { type: 'object', properties: { attachmentType: { type: 'string' }, name: { type: 'string', nullable: true }, size: { type: 'number', format: 'int64' } } } });
  } else {
    Object.assign(fields, { [`${type.name}Id`]: { type: 'string', nullable: true } });
  }
  return { type: 'object', properties: fields, additionalProperties: { type: 'object' } };
}

/** A stable short suffix, as Graph's `GetCount-<hash>` operationIds carry. */
function hash(text: string): string {
  let value = 2166136261;
  for (const character of text) value = Math.imul(value ^ (character.codePointAt(0) ?? 0), 16777619) >>> 0;
  return value.toString(16).padStart(8, '0').slice(0, 8);
}

function walk(chain: readonly Segment[], visit: (chain: readonly Segment[]) => void): void {
  visit(chain);
  if (chain.length >= MAX_DEPTH) return;
  const last = chain.at(-1) as Segment;
  for (const [collection, target] of last.type.navigation) {
    const type = byName.get(target);
    // A type reached again down the same path (a folder's child folders' child folders …) is listed once.
    if (!type || chain.filter((segment) => segment.type.name === target).length >= 2) continue;
    walk([...chain, { collection, type, key: `${type.name}-id${chain.some((segment) => segment.type.name === target) ? '1' : ''}` }], visit);
  }
}

/** The document: deterministic, `GRAPH_OPERATION_COUNT` operations. */
export function generateGraphCatalog(): Schema {
  const operations: Operation[] = [];
  for (const [collection, typeName] of ROOTS) {
    walk([{ collection, type: byName.get(typeName) as EntityType, key: `${typeName}-id` }], (chain) => operations.push(...operationsOf(chain)));
  }
  if (operations.length < GRAPH_OPERATION_COUNT) throw new Error(`only ${operations.length} operations generated`);
  const paths: Record<string, Schema> = {};
  for (const { path, method, operation } of operations.slice(0, GRAPH_OPERATION_COUNT)) {
    (paths[path] ??= {})[method] = operation;
  }
  const tags = [...new Set(operations.slice(0, GRAPH_OPERATION_COUNT).map(({ operation }) => (operation.tags as string[])[0] as string))].map((name) => ({ name, 'x-ms-docs-toc-type': 'page' }));
  return {
    openapi: '3.0.4',
    info: { title: 'OData Service for namespace microsoft.graph (generated fixture)', description: 'A generated document shaped like the Microsoft Graph v1.0 OpenAPI description, for load tests.', version: 'v1.0' },
    servers: [{ url: 'https://graph.microsoft.com/v1.0' }],
    paths,
    components: components(),
    tags,
  };
}

/** The fixture's text: the document as compact JSON (4.7M characters). */
export function renderGraphCatalog(): string {
  return JSON.stringify(generateGraphCatalog());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = renderGraphCatalog();
  writeFileSync(GRAPH_FIXTURE_FILE, gzipSync(text, { level: 9 }));
  console.log(`${GRAPH_FIXTURE_FILE.pathname}: ${(text.length / 1e6).toFixed(2)} M characters, ${GRAPH_OPERATION_COUNT} operations`);
}
