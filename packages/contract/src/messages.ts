// User-facing messages of SPEC.md section 8 (verbatim) and the server's own messages of API.md.
import { DATE_RANGE } from './constants.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A moment as every reader reads it the same way, whatever their locale or time zone: "3 December 2026,
 * 14:05 UTC". Sanction messages use it for their end.
 */
export function formatUtc(moment: string | Date): string {
  const d = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(d.getTime())) return String(moment);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** formatUtc's moments, as they stand in a message. */
const UTC_MOMENT = new RegExp(`\\b(\\d{1,2}) (${MONTHS.join('|')}) (\\d{4}), (\\d{2}):(\\d{2}) UTC\\b`, 'g');

/**
 * A message with each of formatUtc's moments written by `write` instead: the app shows the moments in
 * the server's messages (a sanction's end) as it shows every other date, in the reader's style and time
 * zone, while the API keeps one form every client can read.
 */
export function rewriteUtcMoments(text: string, write: (moment: Date) => string): string {
  return text.replace(UTC_MOMENT, (whole, day: string, month: string, year: string, hh: string, mm: string) => {
    const moment = new Date(
      Date.UTC(Number(year), MONTHS.indexOf(month as (typeof MONTHS)[number]), Number(day), Number(hh), Number(mm)),
    );
    return Number.isNaN(moment.getTime()) ? whole : write(moment);
  });
}

/** "Your account is silenced until 3 December 2026, 14:05 UTC: <reason>" */
function sanctionText(state: 'silenced' | 'suspended', until: string | Date, reason: string): string {
  return `Your account is ${state} until ${formatUtc(until)}: ${reason}`;
}

/** "the session “X” of “Class”", or "a session of “Class”" when it has no title. */
const sessionName = (session: string, classTitle: string) =>
  session ? `the session “${session}” of “${classTitle}”` : `a session of “${classTitle}”`;

const minutesText = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`);

/** A limit set in MB as the UI writes sizes (units of 1024): "50 MB", "1 GB". */
const megabytes = (mb: number) => (mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`);

export const MESSAGES = {
  login: {
    failedToast: 'Login failed. Please try again.',
    failedBanner: 'Failed to login. Please try again.',
    success: 'Login successful!',
  },
  register: {
    failed: 'Registration failed. Please try again.',
    failedCreate: 'Failed to create an account',
    success: 'Registration successful! Welcome to our platform!',
    passwordsDoNotMatch: 'Passwords do not match',
  },
  logout: {
    success: 'Logged out successfully',
    failed: 'Failed to logout. Please try again.',
  },
  profile: {
    failed: 'Failed to update profile',
    success: 'Profile updated successfully',
  },
  authResponse: { invalid: 'Invalid response format' },
  chat: { error: 'Sorry, I encountered an error. Please try again.' },
  dashboard: {
    notAuthenticated: 'User not authenticated',
    loadFailed: 'Failed to load dashboard data',
    verificationFailed: 'Failed to send verification request',
    verificationSent: 'Verification request sent to admin!',
  },
  classes: { loadFailed: 'Failed to load classes' },
  createClass: {
    failed: 'Failed to create class',
    success: 'Class created successfully!',
    accessDenied: 'Access Denied - Only mentors can create classes.',
  },
  classDetail: {
    loadFailed: 'Failed to load class details',
    noData: 'No class data received',
    enrolFailed: 'Failed to enroll in the class',
    unenrolFailed: 'Failed to unenroll from the class',
    deleteFailed: 'Failed to delete class',
    notFound: 'Class not found',
    enrolled: 'Successfully enrolled in the class!',
    unenrolled: 'Successfully unenrolled from the class',
    deleted: 'Class deleted successfully',
    roomRotated: 'New room link made. The old link no longer leads to your class.',
    roomRotateFailed: 'Failed to make a new room link',
    completed: 'This class has been completed',
  },
  // Editing a class (its mentor, or an admin where the server allows).
  editClass: {
    failed: 'Failed to update class',
    success: 'Class updated successfully!',
  },
  // A class's roster (its mentor and admins).
  // A class's scheduled sessions (issue #25).
  sessions: {
    loadFailed: 'Failed to load the sessions',
    saveFailed: 'Failed to save the session',
    cancelFailed: 'Failed to cancel the session',
    calendarFailed: 'Failed to download the calendar file',
    scheduled: 'Session scheduled',
    updated: 'Session updated',
    cancelled: 'Session cancelled',
  },
  // Class materials (issue #26): files a class's mentor uploads.
  materials: {
    missing: 'Choose a file to upload (a multipart form with the field “file”)',
    empty: 'The file is empty',
    mentorOnly: 'Only the class’s mentor can add, rename or delete its files',
    membersOnly: 'Only the class’s members can see its files',
    tooLarge: (maxMb: number) => `The file is larger than ${megabytes(maxMb)}`,
    refusedType:
      'This type of file is not accepted: upload a PDF, an image (PNG, JPEG, GIF, WebP), plain text or Markdown, a ZIP, or an Office or OpenDocument file',
    quotaFull: (quotaMb: number) => `This class’s files would take more than its ${megabytes(quotaMb)} of storage`,
    notFound: 'File not found',
    /** A file hidden pending review is downloaded by its class's mentor and admins only. */
    hidden: 'This file is hidden while a moderator reviews it',
    deleted: 'File deleted',
    badRange: 'The requested range is outside the file',
    // The class page's Materials card.
    loadFailed: 'Failed to load the files',
    uploadFailed: (name: string) => `Failed to upload “${name}”`,
    uploaded: (name: string) => `“${name}” uploaded`,
    renameFailed: 'Failed to rename the file',
    renamed: 'File renamed',
    deleteFailed: 'Failed to delete the file',
    downloadFailed: 'Failed to download the file',
    none: 'No files have been shared yet.',
    noneMentor: 'No files yet. Drop files here or choose them to share them with your learners.',
    dropHint: 'Drop files here, or',
    pick: 'Add files',
    accepted: 'PDF, images, text or Markdown, ZIP, Office and OpenDocument files',
    used: (used: string, quota: string) => `${used} of ${quota} used`,
    heading: 'Materials',
    loading: 'Loading files...',
    download: 'Download',
    // The desktop app, once a download is saved: the file opens in the system's viewer.
    open: 'Open',
    openTitle: 'Open with the system’s viewer',
    openFailed: (reason: string) => `Could not open the file: ${reason}`,
    rename: 'Rename',
    delete: 'Delete',
    uploading: (name: string) => `Uploading ${name}`,
    cancelUpload: (name: string) => `Cancel the upload of ${name}`,
    dismiss: (name: string) => `Dismiss ${name}`,
    uploads: 'Uploads',
    cancel: 'Cancel',
    renameTitle: 'Rename file',
    renameLabel: 'Name',
    renameSave: 'Save name',
    deleteTitle: 'Delete this file?',
    deleteMessage: (name: string) => `“${name}” is removed for everyone in the class. This cannot be undone.`,
    deleteBusy: 'Deleting...',
    /** What a file is, by the type the server read from its content. */
    typeLabels: {
      'application/pdf': 'PDF',
      'image/png': 'PNG image',
      'image/jpeg': 'JPEG image',
      'image/gif': 'GIF image',
      'image/webp': 'WebP image',
      'text/plain': 'Text',
      'text/markdown': 'Markdown',
      'application/zip': 'ZIP archive',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel spreadsheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
      'application/vnd.oasis.opendocument.text': 'OpenDocument text',
      'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheet',
      'application/vnd.oasis.opendocument.presentation': 'OpenDocument presentation',
      'application/x-cfb': 'Office document',
    } as Record<string, string>,
    otherType: 'File',
  },
  // Profile pictures (issue #26): uploaded, re-encoded square by the server.
  avatars: {
    tooLarge: (maxMb: number) => `The picture is larger than ${megabytes(maxMb)}`,
    refusedType: 'Upload a picture in PNG, JPEG, GIF or WebP',
    missing: 'Choose a picture to upload (a multipart form with the field “file”)',
    empty: 'The picture is empty',
    // Read from the picture's header, before it is decoded: a small file may describe a huge picture.
    tooManyPixels: (maxMegapixels: number) =>
      `The picture has more than ${maxMegapixels} megapixels: make it smaller and try again`,
    tooLong: (maxRatio: number) =>
      `One side of the picture is more than ${maxRatio} times the other: crop it and try again`,
    busy: 'Many pictures are being processed right now. Please try again in a few seconds.',
    linkRefused: 'Upload a picture instead of linking one',
    notFound: 'Picture not found',
    uploaded: 'Profile picture updated',
    removed: 'Profile picture removed',
    uploadFailed: 'Failed to upload the picture',
  },
  // The calendar feed in Settings (issue #25).
  calendarFeed: {
    loadFailed: 'Failed to load your calendar link',
    copied: 'Calendar link copied',
    copyFailed: 'Could not copy the link: select it and copy it yourself',
    resetFailed: 'Failed to make a new calendar link',
    reset: 'New calendar link made: calendars subscribed to the old one stop updating',
  },
  // Notification preferences in Settings, email and its unsubscribe page (issue #29).
  notificationPreferences: {
    loadFailed: 'Failed to load your notification settings',
    saveFailed: 'Failed to save your notification settings',
    saved: 'Notification settings saved',
    invalidLink: 'This unsubscribe link is not valid. Change what you get by email in Settings.',
    unsubscribed: (what: string) => `You will no longer get emails about ${what}.`,
    unsubscribeFailed: 'Failed to unsubscribe. Please try again, or change it in Settings.',
  },
  insight: {
    loadFailed: 'Failed to load the insight',
  },
  roster: {
    loadFailed: 'Failed to load the roster',
    removeFailed: 'Failed to remove the learner',
    removed: (name: string) => `${name} was removed from the class`,
  },
  discussions: {
    loginRequired: 'Please log in to view discussions',
    notEnrolledAny: 'You are not enrolled in any classes',
    loadFailed: 'Failed to load discussions',
  },
  discussionDetail: {
    loadFailed: 'Failed to load discussion',
    replyFailed: 'Failed to post reply',
    notFound: 'Discussion not found',
    mustEnrolToReply: 'You must be enrolled in the class to post a reply.',
  },
  createDiscussion: {
    loadClassesFailed: 'Failed to load classes',
    fillAllFields: 'Please fill in all fields',
    failed: 'Failed to create discussion',
    mustEnrolToStart: 'You must be enrolled in the class to start a discussion.',
  },
  reviews: {
    fetchFailed: 'Failed to fetch reviews',
    submitFailed: 'Failed to submit review',
    success: 'Review submitted successfully',
  },
  community: {
    loadFailed: 'Failed to load community posts',
    createFailed: 'Failed to create post',
    likeFailed: 'Failed to like post',
    deleteFailed: 'Failed to delete post',
    replyFailed: 'Failed to post reply',
  },
  admin: {
    fetchFailed: 'Failed to fetch data',
    deleteFailed: (type: string) => `Failed to delete ${type}`,
    deleted: (type: string) => `${type.charAt(0).toUpperCase()}${type.slice(1)} deleted successfully`,
    verifyFailed: 'Failed to update mentor status',
    verified: 'Mentor verified successfully',
    roleChangeFailed: 'Failed to change the role',
    roleChanged: 'Role changed successfully',
    resolveFailed: 'Failed to resolve the queue entry',
  },
  // Account settings and password reset (DESIGN.md: /settings and /forgot-password).
  account: {
    resetLinkSent: 'If an account exists for that email, we have sent it a link to reset the password.',
    resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
    passwordReset: 'Your password has been reset. You can now sign in with your new password.',
    currentPasswordWrong: 'Your current password is incorrect',
    emailChangeNeedsPassword: 'Enter your current password to change your email',
    emailChanged: 'Email changed. You have been signed out on your other devices.',
    passwordChanged: 'Password changed. You have been signed out on your other devices.',
    passwordWrong: 'The password is incorrect',
    passwordTooLong:
      'Password must be at most 72 bytes: up to 72 plain letters, digits or symbols; accented letters and emoji count as 2 to 4.',
    accountDeleted: 'Your account has been deleted',
    lastAdmin:
      'You are the last administrator, so this account cannot be deleted. Make another account an administrator first.',
    loggedOutEverywhere: 'You have been signed out on every device',
  },
  // The assistant (API.md "The assistant"): what the user reads when its provider fails.
  assistant: {
    unavailable: 'The assistant is not available right now. Please try again.',
    timeout: 'The assistant took too long to answer. Please try again.',
    historyCleared: 'Chat history cleared',
  },
  // The notification bell (DESIGN.md): each notification's text, built by the server when listed.
  notifications: {
    discussionReply: (actor: string, title: string) => `${actor} replied to your discussion “${title}”`,
    postReply: (actor: string, title: string) => `${actor} replied to your post “${title}”`,
    postLikes: (count: number, actor: string, title: string) =>
      count <= 1 ? `${actor} liked your post “${title}”` : `${count} people liked your post “${title}”`,
    enrolment: (actor: string, classTitle: string) => `${actor} enrolled in your class “${classTitle}”`,
    mentorVerified: 'Your mentor account has been verified: you can now create classes',
    verificationRequest: (actor: string) => `${actor} asked to be verified as a mentor`,
    liveStarted: (actor: string, classTitle: string) => `${actor} started the live session of “${classTitle}”`,
    newDiscussion: (actor: string, title: string, classTitle: string) =>
      `${actor} started the discussion “${title}” in “${classTitle}”`,
    // Sanctions: the reason (or a warning's message) and the end time are kept on the notification.
    warned: (text: string) => `An administrator warned you: ${text}`,
    silenced: (until: string | Date, reason: string) => sanctionText('silenced', until, reason),
    suspended: (until: string | Date, reason: string) => sanctionText('suspended', until, reason),
    sanctionLifted: (kind: 'silence' | 'suspension') => `Your ${kind} was lifted by an administrator`,
    someone: 'Someone',
    reportResolved: (outcome: string, title: string) => `Your report of “${title}” was reviewed: ${outcome}`,
    contentModerated: (outcome: string, title: string) => `A moderator reviewed your “${title}”: ${outcome}`,
    removedFromClass: (classTitle: string) => `You were removed from “${classTitle}”`,
    // A session's title is optional: without one, the class names it.
    sessionScheduled: (actor: string, session: string, classTitle: string) =>
      `${actor} scheduled ${sessionName(session, classTitle)}`,
    /** A change told before notices said what changed (no detail kept). */
    sessionMoved: (actor: string, session: string, classTitle: string) =>
      `${actor} moved ${sessionName(session, classTitle)}`,
    // A change says what changed: a new start (formatUtc, which the app shows in the reader's style), a
    // new length alone, or a new title alone.
    sessionMovedTo: (actor: string, session: string, classTitle: string, startsAt: string | Date, minutes?: number) =>
      `${actor} moved ${sessionName(session, classTitle)} to ${formatUtc(startsAt)}${
        minutes === undefined ? '' : ` (now ${minutesText(minutes)})`
      }`,
    sessionLengthChanged: (actor: string, session: string, classTitle: string, minutes: number) =>
      `${actor} changed the length of ${sessionName(session, classTitle)}: now ${minutesText(minutes)}`,
    sessionRenamed: (actor: string, previous: string, title: string, classTitle: string) =>
      title
        ? `${actor} renamed ${sessionName(previous, classTitle)} to “${title}”`
        : `${actor} removed the title of ${sessionName(previous, classTitle)}`,
    sessionCancelled: (actor: string, session: string, classTitle: string) =>
      `${actor} cancelled ${sessionName(session, classTitle)}`,
    sessionReminder: (session: string, classTitle: string) =>
      `Reminder: ${sessionName(session, classTitle)} starts soon`,
    materialAdded: (actor: string, name: string, classTitle: string) => `${actor} added “${name}” to “${classTitle}”`,
  },
  moderation: {
    /** What everyone but its author (and admins) sees instead of hidden content. */
    hiddenNotice: 'Hidden while a moderator reviews it',
    /** A like or a reply to hidden content by someone who sees only the notice (403). */
    hiddenClosed: 'It is hidden while a moderator reviews it: it cannot be liked or replied to',
    cannotReportOwn: 'You cannot report your own content',
    targetNotFound: 'The reported content was not found',
    entryNotFound: 'Queue entry not found',
    alreadyResolved: 'This entry has already been resolved',
    /** The outcome words of notifications, by action. */
    outcome: { dismiss: 'it was kept', hide: 'it was hidden', delete: 'it was removed' },
    // The report dialog (packages/ui/src/moderation): what the reporter reads.
    reportSent: 'Thanks, a moderator will look at it',
    reportUpdated: 'Your report was updated. Thanks, a moderator will look at it',
    reportFailed: 'Failed to send the report',
    /** Under the hidden notice, for the author of the hidden content. */
    onlyYouAndModerators: 'Only you and moderators can see it',
    /** Under the hidden notice, for an admin reading it. */
    hiddenFromOthers: 'Others see only this notice',
    /** The desktop app's notification when the review queue grows. */
    reportsWaiting: (count: number) => (count === 1 ? '1 report waiting' : `${count} reports waiting`),
  },
  // The admins' people lists: sanctions (apps/server/src/sanctions).
  sanctions: {
    imposed: (kind: 'warn' | 'silence' | 'suspend', name: string) =>
      kind === 'warn' ? `${name} was warned` : `${name} was ${kind === 'silence' ? 'silenced' : 'suspended'}`,
    imposeFailed: 'Failed to sanction the account',
    lifted: 'The sanction was lifted',
    liftFailed: 'Failed to lift the sanction',
  },
  // Rules of names, titles and dates that forms and the server share (requests.ts).
  input: {
    controlCharacters: (label: string) => `${label} must be one line, without control characters`,
    dateOutOfRange: (label: string) =>
      `${label} must be between ${new Date(DATE_RANGE.earliest).getUTCFullYear()} and ${DATE_RANGE.futureYears} years from now`,
  },
  // Messages the server answers with (API.md).
  server: {
    invalidCredentials: 'Invalid email or password',
    notSignedIn: 'Not signed in',
    invalidToken: 'Your session has ended. Please sign in again.',
    forbidden: 'You are not allowed to do this',
    notFound: 'Not found',
    noSuchEndpoint: 'No such API endpoint',
    emailTaken: 'An account with this email already exists',
    invalidInput: 'Invalid input',
    unstorableText: 'The text contains characters that are not allowed',
    malformedJson: 'The request body is not valid JSON',
    bodyTooLarge: 'The request body is too large (1 MB at most)',
    headersTooLarge: 'The request address or headers are too large (16 KB at most)',
    malformedRequest: 'The request is not valid HTTP',
    tooManyRequests: 'Too many requests. Please try again later.',
    passwordsBusy: 'Too many people are signing in right now. Please try again in a few seconds.',
    internal: 'Something went wrong on our side. Please try again.',
    unavailable: 'The service is temporarily unavailable. Please try again shortly.',
    loggedOut: 'Logged out successfully',
    userNotFound: 'User not found',
    mentorOnly: 'Only mentors can do this',
    alreadyVerified: 'Your account is already verified',
    verificationRequested: 'Verification request sent to admin!',
    adminRoleNotAllowed: 'The admin role cannot be chosen at registration',
    cannotDeleteAdmin: 'Administrators cannot be deleted here',
    lastAdminRole:
      'This is the last administrator, so the role cannot change. Make another account an administrator first.',
    // Classes, enrolment, live sessions and reviews.
    verifiedMentorOnly: 'Only verified mentors can create classes. Request verification from your dashboard.',
    classMentorOnly: "Only the class's mentor can do this",
    classMentorOrAdminOnly: "Only the class's mentor or an admin can delete this class",
    alreadyEnrolled: 'You are already enrolled in this class',
    classFull: 'This class is full',
    notEnrolled: 'You are not enrolled in this class',
    cannotEnrolOwnClass: 'You cannot enrol in your own class',
    classCompleted: 'This class has been completed',
    rosterMentorOrAdminOnly: "Only the class's mentor or an admin can see and change its roster",
    insightMentorOrAdminOnly: "Only the class's mentor or an admin can see its insight",
    learnerNotEnrolled: 'This person is not enrolled in this class',
    learnerRemoved: 'Learner removed from the class',
    sessionMentorOnly: "Only the class's mentor can schedule its sessions",
    sessionMembersOnly: 'You must be a member of the class to see its sessions',
    sessionNotFound: 'Session not found',
    sessionStartInPast: 'The session must start in the future',
    sessionCancelled: 'Session cancelled',
    calendarFeedNotFound: 'Calendar feed not found',
    maxStudentsBelowEnrolled: (enrolled: number) =>
      `Max students cannot be lower than the ${enrolled} students already enrolled`,
    liveMembersOnly: 'You must be enrolled in the class to join the live session',
    /** Starting or scheduling a live session of a video or file class (409). */
    notLiveClass: 'Only a live class has live sessions: this one is a video or file class',
    reviewEnrolledOnly: 'Only learners enrolled in the class can review it',
    cannotReviewOwnClass: 'You cannot review your own class',
    notClassMember: 'You are not a member of this class',
    discussionDeleted: 'Discussion deleted successfully',
    cannotDeleteDiscussion: "Only the author, the class's mentor or an admin can delete this discussion",
    postNotFound: 'Post not found',
    postDeleted: 'Post deleted successfully',
    cannotDeletePost: 'Only the author or an admin can delete this post',
    // Notifications and live events.
    notificationIdsInvalid: 'ids must be notification ids',
    tooManyStreams: 'Too many live connections are open for this account. Close another tab and try again.',
    // Cross-site request forgery (apps/server/src/http/csrf.ts).
    crossSiteRefused: 'This request came from another site, so it was refused. Use Mentora itself to do this.',
    // Sanctions (apps/server/src/sanctions): the silenced or suspended person reads why and until when.
    silenced: (until: string | Date, reason: string) => sanctionText('silenced', until, reason),
    suspended: (until: string | Date, reason: string) => sanctionText('suspended', until, reason),
    cannotSanctionAdmin: 'Administrators cannot be sanctioned',
    cannotSanctionSelf: 'You cannot sanction yourself',
    sanctionDaysRequired: 'Days are required for a silence or a suspension',
    sanctionNotFound: 'Sanction not found',
    sanctionNotActive: 'This sanction is not in force: it has ended, was lifted already, or is a warning',
    originRequired:
      'This request does not say which site sent it (no Origin or Referer header), so it was refused. Sign in again from Mentora, or use a bearer token.',
  },
} as const;
