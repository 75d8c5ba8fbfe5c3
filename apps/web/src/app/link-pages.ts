// The pages an email's links open (a reminder's Confirm and Cancel-or-reschedule, a video
// visit's link, an address to verify, a new password, "this was not me", an unsubscribe): one
// chunk for all, fetched only when such a link is followed. They are small, and each lazy route
// of its own would add its loader to the first load of every visitor.
export { AppointmentVisitPage } from "../features/appointments/reminder-links/appointment-visit-page";
export { ConfirmAppointmentPage } from "../features/appointments/reminder-links/confirm-appointment-page";
export { ManageAppointmentPage } from "../features/appointments/reminder-links/manage-appointment-page";
export { NotMePage } from "../features/account-links/not-me-page";
export { ResetPasswordPage } from "../features/account-links/reset-password-page";
export { VerifyEmailPage } from "../features/account-links/verify-email-page";
export { UnsubscribePage } from "../features/notices/unsubscribe-page";
