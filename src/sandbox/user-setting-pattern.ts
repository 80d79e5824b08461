/** The accepted forms of SERVER_USER and SCAN_USER (scan-user.ts): a user name as useradd allows it, or uid:gid. Apart, so that config.ts imports no more than this. */
export const USER_SETTING_PATTERN = "^(?:[A-Za-z_][A-Za-z0-9_.-]{0,31}|\\d{1,10}:\\d{1,10})$";
