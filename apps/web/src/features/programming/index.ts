// What other parts of the app use of programming (eslint: a feature imports another only through its index).
export { programmingKeys } from './api/programming';
export { WorkoutEditor as RichTextField, workoutEditorExtensions as richTextExtensions } from './components/workout-dialog';
