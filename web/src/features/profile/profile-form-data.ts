export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  bio: string;
  major: string;
  graduationYear: string;
  interests: string[];
  profileColor: string;
  /** A newly chosen photo. */
  photo: File | null;
  /** The current photo should be removed (ignored when a new one is chosen). */
  removePhoto: boolean;
}

/**
 * The full edit of POST /api/profile/update (spec section 7): every field as a string,
 * interests as a JSON string, plus either the new photo or removeProfileImage='true'.
 */
export function buildProfileFormData(values: ProfileFormValues, currentYear = new Date().getFullYear()): FormData {
  const data = new FormData();
  data.append('firstName', values.firstName.trim());
  data.append('lastName', values.lastName.trim());
  data.append('bio', values.bio.trim());
  data.append('major', values.major.trim());
  const year = values.graduationYear.trim();
  data.append('graduationYear', /^\d{4}$/.test(year) ? year : String(currentYear));
  data.append('interests', JSON.stringify(values.interests));
  data.append('profileColor', values.profileColor);
  if (values.photo) data.append('profileImage', values.photo);
  else if (values.removePhoto) data.append('removeProfileImage', 'true');
  return data;
}
