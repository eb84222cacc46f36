// Moved to widgets/ (the settings screens use it too); kept here so the notes screens' imports stay.
export * from '../../widgets/action.ts';
