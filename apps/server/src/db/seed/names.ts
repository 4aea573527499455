export const firstNames = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Lucas', 'Mia', 'Mason', 'Isabella', 'Ethan',
  'Amelia', 'Logan', 'Harper', 'Aiden', 'Evelyn', 'Jackson', 'Abigail', 'Sebastian', 'Emily', 'Mateo', 'Ella',
  'Jack', 'Elizabeth', 'Owen', 'Camila', 'Samuel', 'Luna', 'Henry', 'Sofia', 'Wyatt', 'Avery', 'Leo', 'Mila',
  'Julian', 'Aria', 'Levi', 'Scarlett', 'Isaac', 'Penelope', 'Gabriel', 'Layla', 'Anthony', 'Chloe', 'Dylan',
  'Victoria', 'Thomas', 'Madison', 'Charles', 'Eleanor', 'Christopher', 'Grace', 'Jaxon', 'Nora', 'Maverick',
  'Riley', 'Josiah', 'Zoey', 'Isaiah', 'Hannah', 'Andrew', 'Hazel', 'Elias', 'Lily', 'Joshua', 'Ellie', 'Nathan',
  'Violet', 'Caleb', 'Priya', 'Kenji', 'Aisha', 'Mohammed', 'Siobhan', 'Rhys', 'Fatima', 'Oluwaseun', 'Mei', 'Arjun',
];
export const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker',
  'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Patel', 'Okafor', 'Tremblay', 'Gagnon', "O'Brien",
  'MacDonald', 'Evans', 'Hughes', 'Murphy', 'Singh', 'Kowalski', 'Nakamura', 'Byrne', 'Fraser', 'Morrison',
];
